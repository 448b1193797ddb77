import { TOOL_CODE, type UploadAnswer } from '#shared/api';
import { FORM_BLANKS, FORM_PARAM, type FormId } from '#shared/forms';
import { ApiError, messageForAnswer } from './api-client';
import { endpointUrl } from './endpoints';

/** The public address of a form's shipped blank. */
const blankOf = (id: FormId) => (FORM_BLANKS[id] ? `/forms/${FORM_BLANKS[id]}` : undefined);

/** One form landing page; its copy lives under `forms.<id>` in the locale files. */
export interface FormPage {
  id: FormId;
  /** The page's path without the language prefix. */
  path: string;
  /** The blank official form shipped in web/public/forms, when the project has a copy. */
  blank?: string;
  /** The publisher's own page for the form. */
  officialUrl: string;
  /** Who publishes the form, for the not-affiliated note. */
  authority: 'irs' | 'state';
  /** The shipped blank is past its publisher's expiry date: the page says so (`forms.<id>.staleNote`). */
  staleBlank?: true;
}

export const FORM_PAGES: readonly FormPage[] = [
  { id: 'w9', path: '/w9-form', blank: blankOf('w9'), officialUrl: 'https://www.irs.gov/forms-pubs/about-form-w-9', authority: 'irs' },
  // No blank 1099-MISC ships with the project: the page sends the visitor to irs.gov.
  { id: '1099', path: '/1099-form', officialUrl: 'https://www.irs.gov/forms-pubs/about-form-1099-misc', authority: 'irs' },
  { id: 'w2', path: '/w2-form', blank: blankOf('w2'), officialUrl: 'https://www.irs.gov/forms-pubs/about-form-w-2', authority: 'irs' },
  { id: '941', path: '/941-form', blank: blankOf('941'), officialUrl: 'https://www.irs.gov/forms-pubs/about-form-941', authority: 'irs' },
  {
    id: 'ds11',
    path: '/ds11-form',
    blank: blankOf('ds11'),
    officialUrl: 'https://travel.state.gov/content/travel/en/passports/need-passport/apply-in-person.html',
    authority: 'state',
    staleBlank: true,
  },
];

/** The form page at a path without its language prefix ('/w9-form', '/w9-form/'). */
export const formAt = (bare: string): FormPage | undefined => FORM_PAGES.find((f) => f.path === bare.replace(/\/+$/, ''));

/** The editor address that opens a form's blank (the page's Get form), without the language prefix. */
export const editorPathOf = (form: FormPage) => `/edit-pdf?${FORM_PARAM}=${form.id}`;

/** The form's shipped blank as a new upload of this visitor: its token, as an upload answers. */
export async function openFormBlank(form: FormId): Promise<UploadAnswer> {
  let res: Response;
  try {
    res = await fetch(endpointUrl('openForm'), { method: 'POST', headers: { 'content-type': 'application/json', accept: 'application/json' }, body: JSON.stringify({ form }) });
  } catch {
    throw new ApiError({ code: 'UPLOAD_FAILED' });
  }
  const answer = (await res.json().catch(() => undefined)) as UploadAnswer | undefined;
  if (!res.ok || answer?.code !== TOOL_CODE.done) throw new ApiError(messageForAnswer(res.status, answer));
  return answer;
}

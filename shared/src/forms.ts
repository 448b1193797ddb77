/** The official forms Sheaf has a landing page for. */
export const FORM_IDS = ['w9', '1099', 'w2', '941', 'ds11'] as const;
export type FormId = (typeof FORM_IDS)[number];

/**
 * The blank official forms shipped in web/public/forms, by form (a form without a blank is absent).
 * The form pages link to them and the api copies them into the editor: only these files, by form id.
 */
export const FORM_BLANKS: Partial<Record<FormId, string>> = { w9: 'fw9.pdf', w2: 'fw2.pdf', '941': 'f941.pdf', ds11: 'ds11.pdf' };

/** The editor page's query parameter naming the form whose blank it opens (`/edit-pdf?form=w9`). */
export const FORM_PARAM = 'form';

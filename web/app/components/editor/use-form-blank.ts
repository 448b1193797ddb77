import { useEffect, useRef } from 'react';
import { useSearchParams } from 'react-router';
import { FORM_BLANKS, FORM_IDS, FORM_PARAM, type FormId } from '#shared/forms';
import { ApiError, type FlowMessage } from '~/lib/api-client';
import { openFormBlank } from '~/lib/forms';
import { newTab, type EditorTab } from './editor-tabs';
import { newId } from './new-object';

const isFormId = (value: string | null): value is FormId => FORM_IDS.includes(value as FormId);

/**
 * A form page's Get form opens the editor at `?form=<id>`: the shipped blank opens as if the
 * visitor had dropped it, already uploaded (the server copies it as their upload, so nothing goes
 * up from the browser). pdf.js still needs the bytes, which are the site's own static file.
 */
export function useFormBlank(onOpen: (tab: EditorTab) => void, onError: (message: FlowMessage) => void) {
  const [params] = useSearchParams();
  const form = params.get(FORM_PARAM);
  // Once per form: a second run of the effect (strict mode, a re-render) must not copy it again.
  const opened = useRef<string | null>(null);
  const handlers = useRef({ onOpen, onError });
  handlers.current = { onOpen, onError };
  useEffect(() => {
    if (!isFormId(form) || opened.current === form) return;
    const name = FORM_BLANKS[form];
    if (!name) return;
    opened.current = form;
    Promise.all([fetch(`/forms/${name}`).then((res) => (res.ok ? res.blob() : Promise.reject(new ApiError({ code: 'NOT_FOUND' })))), openFormBlank(form)]).then(
      ([blob, answer]) => {
        const file = new File([blob], answer.data.name, { type: 'application/pdf' });
        handlers.current.onOpen({ ...newTab(newId(), file, URL.createObjectURL(file)), token: answer.token });
      },
      (e: unknown) => handlers.current.onError(e instanceof ApiError ? e.userMessage : { code: 'UPLOAD_FAILED' }),
    );
  }, [form]);
}

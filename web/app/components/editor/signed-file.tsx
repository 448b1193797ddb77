import { useEffect, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { rewritesSignedFile, SIGNATURE_MARK } from '#shared/editor/operations';
import { buildEditDocument, type History } from './document-model';

const MARK = new TextEncoder().encode(SIGNATURE_MARK);

/** Whether `bytes` holds MARK starting at `at`. */
const markAt = (bytes: Uint8Array, at: number) => MARK.every((byte, k) => bytes[at + k] === byte);

/**
 * Whether a PDF carries a signature, by the same mark the worker reads before it saves an edit as
 * an incremental update. Read chunk by chunk, the end of each kept, so a mark across two chunks is found.
 */
export async function carriesSignature(file: Blob): Promise<boolean> {
  const reader = file.stream().getReader();
  let tail = new Uint8Array(0);
  try {
    for (;;) {
      const { done, value } = await reader.read();
      if (done) return false;
      const bytes = new Uint8Array(tail.length + value.length);
      bytes.set(tail);
      bytes.set(value, tail.length);
      for (let at = bytes.indexOf(MARK[0]!); at >= 0 && at <= bytes.length - MARK.length; at = bytes.indexOf(MARK[0]!, at + 1)) {
        if (markAt(bytes, at)) return true;
      }
      tail = bytes.slice(Math.max(0, bytes.length - MARK.length + 1));
    }
  } finally {
    void reader.cancel().catch(() => undefined);
  }
}

/** Each file's answer, read once: going back to a tab does not read its whole file again. */
const known = new WeakMap<Blob, Promise<boolean>>();
const signedOnce = (file: Blob): Promise<boolean> => {
  let answer = known.get(file);
  if (!answer) known.set(file, (answer = carriesSignature(file)));
  return answer;
};

/** Whether the file open in the editor is signed; false until it is known. */
function useCarriesSignature(file: Blob | undefined): boolean {
  const [signed, setSigned] = useState(false);
  useEffect(() => {
    setSigned(false);
    if (!file) return;
    let live = true;
    void signedOnce(file).then((found) => live && setSigned(found), () => undefined);
    return () => {
      live = false;
    };
  }, [file]);
  return signed;
}

/**
 * Before applying, what the edits will do to a signed PDF's signature: most are added after it and
 * leave it valid; deleting pages, replacing text and flattening rewrite the file and break it.
 */
export function SignedNotice({ file, history, flatten }: { file: Blob | undefined; history: History; flatten: boolean }) {
  const { t } = useTranslation();
  const signed = useCarriesSignature(file);
  const breaks = useMemo(() => rewritesSignedFile(buildEditDocument(history.present), flatten), [history, flatten]);
  if (!signed) return null;
  return (
    <p className={`notice editor__signed${breaks ? ' editor__signed--breaks' : ''}`} role="status">
      {t(breaks ? 'editor.apply.signedBreaks' : 'editor.apply.signedKept')}
    </p>
  );
}

import { useTranslation } from 'react-i18next';
import { formatBytes } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { useMaxUploadBytes } from '~/lib/root-data';
import { useDownloadNotice } from '../tool-flow/download-notice';
import { Dropzone } from '../tool-flow/dropzone';
import { EDITOR_MAX_FILES } from './editor-tabs';

/**
 * The editor's drop zone while no file is open, on the editor's start and in the workspace once its
 * tabs are closed: PDFs only, with the notice of a refused choice above it. `onIntent` hears the
 * visitor heading for it. What downloading the edited file will ask (DOWNLOAD_POLICY) is said
 * under it, as on every tool's drop zone.
 */
export function EditorDropzone({
  notice,
  onFiles,
  onIntent,
}: {
  notice?: string | null;
  onFiles: (files: File[]) => void;
  onIntent?: () => void;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const maxBytes = useMaxUploadBytes();
  const downloadNotice = useDownloadNotice();
  return (
    <section className="tool-flow editor-open" onPointerEnter={onIntent} onFocus={onIntent} onDragEnter={onIntent}>
      {notice && (
        <p className="notice" role="alert">
          {notice}
        </p>
      )}
      <Dropzone
        multiple
        accept="application/pdf,.pdf"
        limits={t('flow.dropzone.limitsMany', { max: EDITOR_MAX_FILES, size: formatBytes(maxBytes, t, lang) })}
        note={downloadNotice}
        onFiles={onFiles}
      />
    </section>
  );
}

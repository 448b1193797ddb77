import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FORM_PARAM } from '#shared/forms';
import { formatBytes } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { useMaxUploadBytes } from '~/lib/root-data';
import type { ToolInfo } from '~/lib/tool-page';
import { Dropzone } from '../tool-flow/dropzone';
import { EDITOR_MAX_FILES } from './editor-tabs';

const loadWorkspace = () => import('./editor-workspace');
const EditorWorkspace = lazy(() => loadWorkspace().then((module) => ({ default: module.EditorWorkspace })));

/**
 * The editor page until a file is chosen: the drop zone alone. The workspace (the editor and the
 * schemas of its operations, most of the page's script) loads once the visitor heads for the drop
 * zone, and a chosen file opens in it; a form page's Get form opens it at once.
 */
export function EditorStart({ tool }: { tool: ToolInfo }) {
  const { t } = useTranslation();
  const lang = useLang();
  const maxBytes = useMaxUploadBytes();
  const [params] = useSearchParams();
  const [files, setFiles] = useState<File[] | null>(null);

  if (files || params.has(FORM_PARAM)) {
    const opening = (
      <section className="tool-flow editor-open">
        <p className="notice" role="status">
          {t('editor.loading')}
        </p>
      </section>
    );
    return (
      <Suspense fallback={opening}>
        <EditorWorkspace tool={tool} initialFiles={files ?? []} />
      </Suspense>
    );
  }
  return (
    <section className="tool-flow editor-open" onPointerEnter={loadWorkspace} onFocus={loadWorkspace} onDragEnter={loadWorkspace}>
      <Dropzone
        multiple
        accept="application/pdf,.pdf"
        limits={t('flow.dropzone.limitsMany', { max: EDITOR_MAX_FILES, size: formatBytes(maxBytes, t, lang) })}
        onFiles={setFiles}
      />
    </section>
  );
}

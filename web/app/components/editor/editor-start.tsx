import { lazy, Suspense, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { FORM_PARAM } from '#shared/forms';
import type { ToolInfo } from '~/lib/tool-page';
import { EditorDropzone } from './editor-dropzone';

const loadWorkspace = () => import('./editor-workspace');
const EditorWorkspace = lazy(() => loadWorkspace().then((module) => ({ default: module.EditorWorkspace })));

/**
 * The editor page until a file is chosen: the drop zone alone. The workspace (the editor and the
 * schemas of its operations, most of the page's script) loads once the visitor heads for the drop
 * zone, and a chosen file opens in it; a form page's Get form opens it at once.
 */
/** `onWorking` hears whether a file is open: the page around then makes way for the workspace. */
export function EditorStart({ tool, onWorking }: { tool: ToolInfo; onWorking?: (working: boolean) => void }) {
  const { t } = useTranslation();
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
        <EditorWorkspace tool={tool} initialFiles={files ?? []} onWorking={onWorking} />
      </Suspense>
    );
  }
  return <EditorDropzone onFiles={setFiles} onIntent={loadWorkspace} />;
}

import { useCallback, useEffect, useId, useReducer, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DEFAULT_MAX_UPLOAD_MB } from '../../../../shared/src/limits';
import type { ToolDefinition, ToolId } from '../../../../shared/src/tools';
import { useLeaveWarning } from '~/hooks/use-leave-warning';
import { useTaskProgress } from '~/hooks/use-task-progress';
import { useUpload } from '~/hooks/use-upload';
import { acceptAttribute, looksAccepted } from '~/lib/accept';
import type { FlowMessage } from '~/lib/api-client';
import { formatBytes } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { renderPreview } from '~/lib/pdf-preview';
import { Dropzone } from './dropzone';
import { FailureView } from './failure-view';
import { FileList } from './file-list';
import { flowReducer, initialFlow, type FileItem } from './flow-state';
import { ProgressView } from './progress-view';
import { ResultView } from './result-view';
import { TOOL_OPTIONS } from './tool-options';

const MAX_BYTES = DEFAULT_MAX_UPLOAD_MB * 1024 * 1024;
/** Tools whose result is the input made smaller, so the size reduction is worth showing. */
const SHOWS_SAVING = new Set<string>(['compress-pdf']);

let nextUid = 0;
const newUid = () => `file-${Date.now().toString(36)}-${(nextUid++).toString(36)}`;

/** Upload → options → process → download, for any built tool, driven by its registry entry. */
export function ToolFlow({ tool }: { tool: ToolDefinition }) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageText = useMessageText();
  const [state, dispatch] = useReducer(flowReducer, initialFlow);
  const { upload, abort, abortAll } = useUpload(tool.id, dispatch);
  const { run, cancel } = useTaskProgress(dispatch);
  const optionsDef = TOOL_OPTIONS[tool.id as ToolId];
  const [options, setOptions] = useState<unknown>(optionsDef?.initial);
  const [downloaded, setDownloaded] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const lastRequest = useRef<Record<string, string | number> | null>(null);
  const hintId = useId();

  const { files, task } = state;
  const multiple = tool.maxFiles > 1;
  const name = t(`tools.${tool.id}.name`);

  // Object URLs live as long as their file item; free whatever is left when the page goes away.
  const filesRef = useRef(files);
  useEffect(() => {
    filesRef.current = files;
  }, [files]);
  useEffect(() => () => filesRef.current.forEach((f) => URL.revokeObjectURL(f.objectURL)), []);

  // A file dropped outside the drop zone would make the browser open it and lose the work.
  useEffect(() => {
    const refuse = (e: DragEvent) => {
      if (e.defaultPrevented || !e.dataTransfer?.types.includes('Files')) return;
      e.preventDefault();
      e.dataTransfer.dropEffect = 'none';
    };
    window.addEventListener('dragover', refuse);
    window.addEventListener('drop', refuse);
    return () => {
      window.removeEventListener('dragover', refuse);
      window.removeEventListener('drop', refuse);
    };
  }, []);

  useLeaveWarning(files.length > 0 && !(task.phase === 'done' && downloaded));

  const addFiles = (picked: File[]) => {
    if (picked.length === 0) return;
    if (!multiple && picked.length > 1) {
      dispatch({ type: 'reject', notice: { code: 'SINGLE_FILE_ONLY' } });
      return;
    }
    let notice: FlowMessage | undefined;
    const accepted: File[] = [];
    for (const file of picked) {
      if (!looksAccepted(file, tool.accepts)) notice = { code: 'UNSUPPORTED_TYPE' };
      else if (file.size > MAX_BYTES) notice = { code: 'FILE_TOO_LARGE' };
      else if (files.length + accepted.length >= tool.maxFiles) notice = { code: 'TOO_MANY_FILES' };
      else accepted.push(file);
    }
    const items: FileItem[] = accepted.map((file) => ({
      uid: newUid(),
      name: file.name,
      size: file.size,
      raw: file,
      objectURL: URL.createObjectURL(file),
      status: 'uploading',
      progress: 0,
    }));
    dispatch({ type: 'add', items, notice });
    for (const item of items) {
      upload(item);
      renderPreview(item.objectURL).then(
        (preview) => dispatch({ type: 'preview', uid: item.uid, ...preview }),
        () => dispatch({ type: 'preview', uid: item.uid }),
      );
    }
  };

  const remove = (uid: string) => {
    abort(uid);
    const item = files.find((f) => f.uid === uid);
    if (item) URL.revokeObjectURL(item.objectURL);
    dispatch({ type: 'remove', uid });
  };

  const retryUpload = (uid: string) => {
    const item = files.find((f) => f.uid === uid);
    if (!item) return;
    dispatch({ type: 'uploadRetry', uid });
    upload(item);
  };

  const move = (uid: string, to: number) => {
    const item = files.find((f) => f.uid === uid);
    if (!item) return;
    const position = Math.max(0, Math.min(files.length - 1, to));
    dispatch({ type: 'move', uid, to: position });
    setAnnouncement(t('flow.file.moved', { name: item.name, position: position + 1, total: files.length }));
  };

  const startOver = useCallback(() => {
    cancel();
    abortAll();
    filesRef.current.forEach((f) => URL.revokeObjectURL(f.objectURL));
    lastRequest.current = null;
    setOptions(optionsDef?.initial);
    setDownloaded(false);
    setAnnouncement('');
    dispatch({ type: 'reset' });
  }, [cancel, abortAll, optionsDef]);

  // What the action button needs: enough uploaded files and valid options.
  const pages = files.length === 1 ? files[0].pages : undefined;
  const outcome = optionsDef ? optionsDef.toRequest(options, pages) : { ok: true as const, fields: {} };
  const allUploaded = files.every((f) => f.status === 'ready');
  const enoughFiles = files.length >= Math.max(1, tool.minFiles);
  const hint = !enoughFiles
    ? t('flow.hints.minFiles', { count: tool.minFiles })
    : files.some((f) => f.status === 'uploading')
      ? t('flow.hints.uploading')
      : !outcome.ok
        ? t('flow.hints.fixOptions')
        : null;
  const canStart = enoughFiles && allUploaded && outcome.ok;

  const start = () => {
    if (!canStart) return;
    const tokens = files.map((f) => f.fileNameToken!);
    const request = {
      toolType: tool.id,
      ...(multiple ? { urls: tokens.join(';') } : { token: tokens[0] }),
      ...outcome.fields,
    };
    lastRequest.current = request;
    void run(request);
  };

  const retry = () => {
    if (lastRequest.current) void run(lastRequest.current);
  };

  const limits = multiple
    ? t('flow.dropzone.limitsMany', { max: tool.maxFiles, size: formatBytes(MAX_BYTES, t, lang) })
    : t('flow.dropzone.limitsOne', { size: formatBytes(MAX_BYTES, t, lang) });
  const accept = acceptAttribute(tool.accepts);
  const Panel = optionsDef?.Panel;

  return (
    <section className="tool-flow" aria-label={t('flow.toolArea', { name })}>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {task.phase === 'select' && files.length === 0 && <Dropzone multiple={multiple} accept={accept} limits={limits} onFiles={addFiles} />}

      {task.phase === 'select' && files.length > 0 && (
        <div className="workspace">
          <div className="workspace__files">
            <FileList files={files} reorderable={multiple} onMove={move} onRemove={remove} onRetryUpload={retryUpload}>
              {multiple && files.length < tool.maxFiles && <Dropzone compact multiple accept={accept} limits={limits} onFiles={addFiles} />}
            </FileList>
          </div>
          <aside className="workspace__side">
            <h2 className="workspace__title">{name}</h2>
            {multiple && <p className="workspace__hint">{t('flow.list.orderHint')}</p>}
            {Panel && <Panel value={options} onChange={setOptions} pages={pages} />}
            <button type="button" className="button button--primary button--xl button--block" onClick={start} disabled={!canStart} aria-describedby={hint ? hintId : undefined}>
              {t(`tools.${tool.id}.action`)}
            </button>
            {hint && (
              <p id={hintId} className="workspace__hint workspace__hint--center">
                {hint}
              </p>
            )}
          </aside>
        </div>
      )}

      {state.notice && task.phase === 'select' && (
        <p className="flow-notice" role="alert">
          {messageText(state.notice)}
        </p>
      )}

      {task.phase === 'processing' && <ProgressView progress={task.progress} />}
      {task.phase === 'done' && (
        <ResultView
          result={task.result}
          inputSize={files.reduce((sum, f) => sum + f.size, 0)}
          showSaving={SHOWS_SAVING.has(tool.id)}
          onDownload={() => setDownloaded(true)}
          onStartOver={startOver}
        />
      )}
      {task.phase === 'failed' && <FailureView error={task.error} onRetry={retry} onStartOver={startOver} />}
    </section>
  );
}

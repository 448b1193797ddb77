import type { TaskResult } from '#shared/api';
import { useCallback, useEffect, useId, useReducer, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { outputsImages } from '#shared/tools/catalog';
import { useBatchTasks } from './use-batch-tasks';
import { useDownload } from '~/hooks/use-download';
import { useLeaveWarning } from '~/hooks/use-leave-warning';
import { useTaskProgress } from './use-task-progress';
import { useUpload } from './use-upload';
import { acceptAttribute, fileGroup, looksAccepted } from '~/lib/accept';
import { thumbUrl, type FlowMessage } from '~/lib/api-client';
import { BATCH_MAX_FILES } from '#shared/limits';
import { previewOf } from '~/lib/file-preview';
import { fileNameList, formatBytes } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { useMaxUploadBytes } from '~/lib/root-data';
import type { ToolInfo } from '~/lib/tool-page';
import { BatchView } from './batch-view';
import { useDownloadNotice } from './download-notice';
import { Dropzone } from './dropzone';
import { FailureView } from './failure-view';
import { FileList } from './file-list';
import { batchSettled, flowReducer, initialFlow, type FileItem, type FlowAction } from './flow-state';
import { initialOptions, type RequestFields, type ToolOptions } from './options-types';
import { ProgressView } from './progress-view';
import { ResultView, type ResultImages } from './result-view';
import { SourceFiles } from './source-files';
import { UnlockLink } from './unlock-link';

/** The download names of one PDF per input, in input order: "photo.jpg" gives "photo.pdf". */
const pdfNames = (files: readonly FileItem[]) => files.map((f) => `${f.name.replace(/\.[^.]*$/, '')}.pdf`);

let nextUid = 0;
const newUid = () => `file-${Date.now().toString(36)}-${(nextUid++).toString(36)}`;

/**
 * Upload → options → process → download, for any built tool, driven by its registry entry.
 * A tool that takes one file per task runs one task per file when several are dropped (a batch),
 * unless its options belong to one document.
 */
/** How many files a finished task hands back. */
const outputCount = (result: TaskResult) => result.pdfurls?.length || result.imageurls?.length || (result.fileurl ? 1 : 0);

export function ToolFlow({
  tool,
  options: optionsDef,
  maxFiles: filesPerTask = tool.maxFiles,
}: {
  tool: ToolInfo;
  /** The tool's options panel, if it has one (tool-options.ts). */
  options?: ToolOptions<any>;
  /** Files per task where the server sets them. */
  maxFiles?: number;
}) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageText = useMessageText();
  const [state, dispatch] = useReducer(flowReducer, initialFlow);
  const maxBytes = useMaxUploadBytes();

  // A failure the options can answer (a wrong password) goes back to them rather than to the failure screen.
  const taskDispatch = useCallback(
    (action: FlowAction) =>
      dispatch(action.type === 'fail' && 'code' in action.error && optionsDef?.recoverable?.includes(action.error.code) ? { type: 'recover', error: action.error } : action),
    [optionsDef],
  );
  const { upload, abort, abortAll } = useUpload(tool.id, dispatch);
  const { run, cancel } = useTaskProgress(taskDispatch);
  const { runAll, retry: rerunFile, cancel: cancelBatch } = useBatchTasks(dispatch);
  const [options, setOptions] = useState<unknown>(() => optionsDef && initialOptions(optionsDef, lang));
  const [downloaded, setDownloaded] = useState(false);
  const [announcement, setAnnouncement] = useState('');
  const lastRequest = useRef<RequestFields | null>(null);
  const hintId = useId();

  const { files, task } = state;
  /** HTML to PDF takes an address, not files. */
  const takesFiles = tool.maxFiles > 0;
  /** One task takes several files (merge, organize). */
  const multiInput = tool.maxFiles > 1;
  const reorderable = multiInput && !optionsDef?.unordered;
  const batchable = !multiInput && !optionsDef?.oneDocument;
  const maxFiles = batchable ? BATCH_MAX_FILES : filesPerTask;
  const asBatch = batchable && files.length > 1;
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

  const finished = task.phase === 'done' || (task.phase === 'batch' && batchSettled(files));
  // Files waiting for a login are kept server-side: leaving for Google's sign-in page loses nothing.
  const { onDownloadClick, awaitingLogin } = useDownload();
  const started = files.length > 0 || (!takesFiles && task.phase !== 'select');
  useLeaveWarning(started && !(finished && downloaded) && !awaitingLogin);

  /**
   * A download link: the login popup shows the first file's cover and how many files the user is
   * about to get if it must ask — the results (one merged PDF, fourteen split parts), not the inputs.
   */
  const resultCount = task.phase === 'done' ? outputCount(task.result) : files.reduce((sum, f) => sum + (f.result ? outputCount(f.result) : 0), 0);
  const onDownload = (event: MouseEvent<HTMLAnchorElement>) =>
    onDownloadClick(event, {
      pending: {
        cover: files.find((f) => f.cover)?.cover,
        count: resultCount,
        tokens: files.flatMap((f) => (f.fileNameToken ? [f.fileNameToken] : [])).join(';'),
      },
      onSaved: () => setDownloaded(true),
    });

  // A refusal shows above the files, and on screen: after a drop of many files the page may be far below.
  const noticeRef = useRef<HTMLParagraphElement>(null);
  useEffect(() => {
    if (state.notice) noticeRef.current?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
  }, [state.notice]);

  const addFiles = (picked: File[]) => {
    if (picked.length === 0) return;
    if (maxFiles === 1 && picked.length > 1) {
      dispatch({ type: 'reject', notice: { code: 'SINGLE_FILE_ONLY' } });
      return;
    }
    let notice: FlowMessage | undefined;
    const accepted: File[] = [];
    const leftOut: string[] = [];
    for (const file of picked) {
      // An empty file is not of any type: saying so tells the user to choose it again.
      if (file.size === 0) notice = { code: 'FILE_EMPTY' };
      else if (!looksAccepted(file, tool.accepts)) notice = { code: 'UNSUPPORTED_TYPE' };
      else if (file.size > maxBytes) notice = { code: 'FILE_TOO_LARGE' };
      else if (files.length + accepted.length >= maxFiles) leftOut.push(file.name);
      else accepted.push(file);
    }
    // Name what was left out, so the user knows which files to run in another task.
    if (leftOut.length > 0) notice = { text: t('flow.leftOut', { count: leftOut.length, max: maxFiles, names: fileNameList(leftOut) }) };
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
      previewOf(item.raw, item.objectURL).then(
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

  const changeOptions = (next: unknown) => {
    setOptions(next);
    dispatch({ type: 'clearOptionsError' });
  };

  const startOver = useCallback(() => {
    cancel();
    cancelBatch();
    abortAll();
    filesRef.current.forEach((f) => URL.revokeObjectURL(f.objectURL));
    lastRequest.current = null;
    setOptions(optionsDef && initialOptions(optionsDef, lang));
    setDownloaded(false);
    setAnnouncement('');
    dispatch({ type: 'reset' });
  }, [cancel, cancelBatch, abortAll, optionsDef, lang]);

  // What the action button needs: enough uploaded files, none locked (but for unlock), and valid options.
  const outcome = optionsDef ? optionsDef.toRequest(options, files) : { ok: true as const, fields: {} };
  const enoughFiles = !takesFiles || files.length >= Math.max(1, tool.minFiles);
  const locked = !optionsDef?.takesLocked && files.some((f) => f.locked);
  const optionsHint = outcome.ok || outcome.hint === null ? null : t(outcome.hint ?? 'flow.hints.fixOptions');
  const uploading = files.some((f) => f.status === 'uploading');
  const lockedHint = enoughFiles && !uploading && locked;
  const hint = !enoughFiles ? t('flow.hints.minFiles', { count: tool.minFiles }) : uploading ? t('flow.hints.uploading') : lockedHint ? t('errors.PDF_ENCRYPTED') : optionsHint;
  const canStart = enoughFiles && !locked && files.every((f) => f.status === 'ready') && outcome.ok;

  const requestFor = (tokens: string[], fields: RequestFields): RequestFields => ({
    toolType: tool.id,
    ...(!takesFiles ? {} : multiInput ? { urls: tokens.join(';') } : { token: tokens[0] }),
    ...fields,
  });

  const start = () => {
    if (!canStart) return;
    if (asBatch) {
      void runAll(files.map((f) => ({ uid: f.uid, request: requestFor([f.fileNameToken!], outcome.fields) })));
      return;
    }
    const request = requestFor(
      files.map((f) => f.fileNameToken!),
      outcome.fields,
    );
    lastRequest.current = request;
    void run(request);
  };

  const retry = () => {
    if (lastRequest.current) void run(lastRequest.current);
  };

  // The result's notice offers to run the same files again with other choices (OCR: read kept scans again).
  const noticeAction = task.phase === 'done' && task.result.notice ? optionsDef?.noticeActions?.[task.result.notice] : undefined;
  const rerun = () => {
    if (!noticeAction || !lastRequest.current) return;
    const next = noticeAction.apply(options);
    const again = optionsDef!.toRequest(next, files);
    if (!again.ok) return;
    setOptions(next);
    setDownloaded(false);
    const request = requestFor(
      files.map((f) => f.fileNameToken!),
      again.fields,
    );
    lastRequest.current = request;
    void run(request);
  };

  /** A form with nothing to upload: pressing the action with a problem shows it beside the field. */
  const submitForm = (e: FormEvent) => {
    e.preventDefault();
    if (!outcome.ok && outcome.error) dispatch({ type: 'recover', error: outcome.error });
    else start();
  };

  const retryFile = (uid: string, fields?: RequestFields) => {
    const file = files.find((f) => f.uid === uid);
    const sent = fields ?? (outcome.ok ? outcome.fields : undefined);
    if (file && sent) rerunFile({ uid, request: requestFor([file.fileNameToken!], sent) });
  };

  const limits =
    maxFiles > 1
      ? t(batchable ? 'flow.dropzone.limitsBatch' : 'flow.dropzone.limitsMany', { max: maxFiles, size: formatBytes(maxBytes, t, lang) })
      : t('flow.dropzone.limitsOne', { size: formatBytes(maxBytes, t, lang) });
  const accept = acceptAttribute(tool.accepts);
  const choose = t(`flow.dropzone.choose.${fileGroup(tool.accepts)}.${maxFiles > 1 ? 'many' : 'one'}`);
  const Panel = optionsDef?.Panel;
  const Pages = asBatch ? undefined : optionsDef?.Pages;
  const addMore = files.length < maxFiles && maxFiles > 1 && (
    <Dropzone compact multiple accept={accept} limits={limits} onFiles={addFiles} />
  );
  const action = t(optionsDef?.action?.(options) ?? `tools.${tool.id}.action`);
  const downloadNotice = useDownloadNotice();

  // Rendered pages look like the source pages: their small thumbnails stand in for the full-size pictures.
  const sourceToken = files[0]?.fileNameToken;
  // The options cannot change once the task has started: they say what the task ran with.
  const renderedPages = outcome.ok && outcome.fields.mode === 'pages';
  const resultImages: ResultImages | undefined = outputsImages(tool.output)
    ? { thumb: (url, index) => (renderedPages && sourceToken ? thumbUrl(sourceToken, index + 1) : url), pages: renderedPages }
    : undefined;

  return (
    <section className="tool-flow" aria-label={t('flow.toolArea', { name })}>
      <p className="visually-hidden" aria-live="polite">
        {announcement}
      </p>

      {task.phase === 'select' && takesFiles && files.length === 0 && (
        <Dropzone multiple={maxFiles > 1} accept={accept} limits={limits} note={downloadNotice} choose={choose} onFiles={addFiles} />
      )}

      {task.phase === 'select' && !takesFiles && Panel && (
        <form className="address-form" onSubmit={submitForm} noValidate aria-label={name}>
          <Panel value={options} onChange={changeOptions} files={files} error={state.optionsError} />
          <button type="submit" className="button button--primary button--xl button--block">
            {action}
          </button>
          {downloadNotice && <p className="workspace__hint workspace__hint--center">{downloadNotice}</p>}
        </form>
      )}

      {state.notice && task.phase === 'select' && (
        <p ref={noticeRef} className="flow-notice" role="alert">
          {messageText(state.notice)}
        </p>
      )}

      {task.phase === 'select' && files.length > 0 && (
        <div className="workspace">
          <div className="workspace__files">
            {Pages ? (
              <>
                <SourceFiles files={files} lettered={multiInput && files.length > 1} onRemove={remove} onRetryUpload={retryUpload}>
                  {addMore}
                </SourceFiles>
                <Pages value={options} onChange={changeOptions} files={files} error={state.optionsError} />
              </>
            ) : (
              <FileList files={files} reorderable={reorderable} grid={maxFiles > 1} onMove={move} onRemove={remove} onRetryUpload={retryUpload}>
                {addMore}
              </FileList>
            )}
          </div>
          <aside className="workspace__side">
            <h2 className="workspace__title">{name}</h2>
            {reorderable && !Pages && <p className="workspace__hint">{t('flow.list.orderHint')}</p>}
            {asBatch && <p className="workspace__hint">{t('flow.batch.hint', { count: files.length })}</p>}
            {Panel && <Panel value={options} onChange={changeOptions} files={files} error={state.optionsError} />}
            <button type="button" className="button button--primary button--xl button--block" onClick={start} disabled={!canStart} aria-describedby={hint ? hintId : undefined}>
              {action}
            </button>
            {hint && (
              <p id={hintId} className="workspace__hint workspace__hint--center">
                {hint} {lockedHint && <UnlockLink />}
              </p>
            )}
            {downloadNotice && <p className="workspace__hint workspace__hint--center">{downloadNotice}</p>}
          </aside>
        </div>
      )}

      {task.phase === 'processing' && (
        <ProgressView progress={task.progress} busySeconds={task.busySeconds} note={optionsDef?.progressNote && t(optionsDef.progressNote)} />
      )}
      {task.phase === 'done' && optionsDef?.Result && <optionsDef.Result result={task.result} files={files} onDownload={onDownload} onStartOver={startOver} />}
      {task.phase === 'done' && !optionsDef?.Result && (
        <ResultView
          result={task.result}
          inputSize={files.reduce((sum, f) => sum + f.size, 0)}
          showSaving={tool.reportsSaving === true}
          images={resultImages}
          partNames={tool.output === 'pdfs' ? pdfNames(files) : undefined}
          onDownload={onDownload}
          onStartOver={startOver}
          noticeAction={noticeAction && { label: t(noticeAction.label), run: rerun }}
        />
      )}
      {task.phase === 'failed' && <FailureView error={task.error} onRetry={retry} onStartOver={startOver} />}
      {task.phase === 'batch' && (
        <BatchView
          files={files}
          optionsDef={optionsDef}
          options={options}
          showSaving={tool.reportsSaving === true}
          onRetry={retryFile}
          onDownload={onDownload}
          onStartOver={startOver}
        />
      )}
    </section>
  );
}

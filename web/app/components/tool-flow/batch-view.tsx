import { useEffect, useRef, useState, type FormEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskResult } from '#shared/api';
import { batchZipUrl } from '~/lib/batch';
import { formatBytes, formatSaving } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { AlertIcon, CheckIcon, DownloadIcon, FileIcon } from '../icons';
import { batchSettled, type FileItem, type FlowMessage } from './flow-state';
import type { RequestFields, ToolOptions } from './options-types';
import { ProgressBar } from './progress-bar';
import { namesUnlock, UnlockLink } from './unlock-link';

type Fields = RequestFields;

interface BatchViewProps {
  files: readonly FileItem[];
  optionsDef?: ToolOptions<unknown>;
  /** The options the batch ran with, where a recoverable failure starts from. */
  options: unknown;
  showSaving: boolean;
  /** Runs one file again, with other options when given. */
  onRetry: (uid: string, fields?: Fields) => void;
  onDownload: (event: MouseEvent<HTMLAnchorElement>) => void;
  onStartOver: () => void;
}

/** The one output of a file's task, or the zip of its parts. */
const outputOf = (r: TaskResult) => ({ href: r.fileurl ?? r.zipurl ?? r.pdfurl ?? r.pdfurls?.[0] ?? r.imageurls?.[0], zipped: !r.fileurl && Boolean(r.zipurl) });

/** A failed file whose failure the user can answer (a wrong password): the tool's options, for this file alone. */
function RetryWithOptions({ file, optionsDef, initial, error, onRetry }: { file: FileItem; optionsDef: ToolOptions<unknown>; initial: unknown; error: FlowMessage; onRetry: (fields: Fields) => void }) {
  const { t } = useTranslation();
  const [value, setValue] = useState(initial);
  const [edited, setEdited] = useState(false);
  const outcome = optionsDef.toRequest(value, [file]);
  const submit = (e: FormEvent) => {
    e.preventDefault();
    if (outcome.ok) onRetry(outcome.fields);
  };
  return (
    <form className="batch-row__retry" onSubmit={submit}>
      <optionsDef.Panel
        value={value}
        onChange={(next) => {
          setValue(next);
          setEdited(true);
        }}
        files={[file]}
        error={edited ? undefined : error}
      />
      <button type="submit" className="button button--secondary button--small" disabled={!outcome.ok}>
        {t('flow.actions.retry')}
      </button>
    </form>
  );
}

function BatchRow({ file, optionsDef, options, showSaving, onRetry, onDownload }: Omit<BatchViewProps, 'files' | 'onStartOver'> & { file: FileItem }) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageText = useMessageText();
  const result = file.result;
  const output = result && outputOf(result);
  const recoverable = file.error && 'code' in file.error && optionsDef?.recoverable?.includes(file.error.code);

  return (
    <li className="batch-row" data-status={file.status}>
      <span className="batch-row__thumb" aria-hidden="true">
        {file.cover ? <img src={file.cover} alt="" /> : <FileIcon width={24} height={24} />}
      </span>
      <div className="batch-row__body">
        <p className="batch-row__name" title={file.name}>
          {file.name}
        </p>
        {file.status === 'convert' && (
          <div className="batch-row__progress">
            <ProgressBar value={file.progress} label={t('flow.batch.progressOf', { name: file.name })} indeterminate={file.progress === 0} small />
            <span className="batch-row__note">{file.progress > 0 ? t('flow.batch.processing', { percent: Math.round(file.progress * 100) }) : t('flow.batch.waiting')}</span>
          </div>
        )}
        {file.status === 'success' && result && (
          <p className="batch-row__note batch-row__note--ok">
            <CheckIcon width={16} height={16} /> {t('flow.status.success')}
            {result.filesize !== undefined && ` · ${formatBytes(result.filesize, t, lang)}`}
            {showSaving && result.filesize !== undefined && ` · ${formatSaving(file.size, result.filesize, lang)}`}
          </p>
        )}
        {result?.notice && <p className="batch-row__notice">{t(`notices.${result.notice}`, result.noticeParams)}</p>}
        {file.status === 'convertFaild' && file.error && !recoverable && (
          <p className="batch-row__note batch-row__note--error" role="alert">
            <AlertIcon width={16} height={16} /> {messageText(file.error)} {namesUnlock(file.error) && <UnlockLink />}
          </p>
        )}
        {file.status === 'convertFaild' && file.error && recoverable && optionsDef && (
          <RetryWithOptions file={file} optionsDef={optionsDef} initial={options} error={file.error} onRetry={(fields) => onRetry(file.uid, fields)} />
        )}
      </div>
      <div className="batch-row__action">
        {output?.href && (
          <a className="button button--secondary button--small" href={output.href} download onClick={onDownload}>
            <DownloadIcon width={16} height={16} /> {t(output.zipped ? 'flow.batch.downloadZip' : 'flow.result.download')}
            <span className="visually-hidden"> {file.name}</span>
          </a>
        )}
        {file.status === 'convertFaild' && !recoverable && (
          <button type="button" className="button button--ghost button--small" onClick={() => onRetry(file.uid)}>
            {t('flow.actions.retry')}
            <span className="visually-hidden"> {file.name}</span>
          </button>
        )}
      </div>
    </li>
  );
}

/** One task per file: each file's own progress and result, and every result in one zip. */
export function BatchView(props: BatchViewProps) {
  const { files, onDownload, onStartOver } = props;
  const { t } = useTranslation();
  const heading = useRef<HTMLHeadingElement>(null);
  const settled = batchSettled(files);
  const done = files.filter((f) => f.status === 'success' && f.taskId);
  useEffect(() => {
    if (settled) heading.current?.focus();
  }, [settled]);

  const title = !settled
    ? t('flow.batch.running', { count: files.length })
    : done.length === files.length
      ? t('flow.result.titleMany')
      : t('flow.batch.partly', { count: done.length, total: files.length });

  return (
    <div className="flow-panel batch-view">
      <h2 className="flow-panel__title" ref={heading} tabIndex={-1}>
        {title}
      </h2>
      {!settled && (
        <p className="progress-view__text" role="status">
          {t('flow.progress.doNotClose')}
        </p>
      )}
      {settled && done.length > 1 && (
        <a className="button button--primary button--xl" href={batchZipUrl(done.map((f) => f.taskId!))} download onClick={onDownload}>
          <DownloadIcon /> {t('flow.result.zip')}
        </a>
      )}
      <ul className="batch-list">
        {files.map((file) => (
          <BatchRow key={file.uid} file={file} {...props} />
        ))}
      </ul>
      <button type="button" className="button button--ghost" onClick={onStartOver}>
        {t('flow.actions.startOver')}
      </button>
    </div>
  );
}

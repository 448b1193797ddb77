import type { DragEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { FlowMessage } from '~/lib/api-client';
import { hasPreview } from '~/lib/file-preview';
import { formatBytes } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { AlertIcon, ArrowLeftIcon, ArrowRightIcon, CheckIcon, CloseIcon, FileIcon, LockIcon } from '../icons';
import type { FileItem } from './flow-state';
import { ProgressBar } from './progress-bar';
import { namesUnlock, UnlockLink } from './unlock-link';

export interface FileCardProps {
  item: FileItem;
  index: number;
  total: number;
  /** Merge: the card can be dragged and moved with buttons. */
  reorderable: boolean;
  onMove: (uid: string, to: number, focus: 'earlier' | 'later') => void;
  onRemove: (uid: string) => void;
  onRetryUpload: (uid: string) => void;
  drag?: {
    isDragging: boolean;
    isTarget: boolean;
    onDragStart: (e: DragEvent) => void;
    onDragOver: (e: DragEvent) => void;
    onDrop: (e: DragEvent) => void;
    onDragEnd: () => void;
  };
}

/** Sending the same bytes again cannot help when the file itself is the problem. */
const FINAL_UPLOAD_ERRORS = new Set<string>(['FILE_EMPTY', 'UNSUPPORTED_TYPE', 'FILE_TOO_LARGE', 'PDF_ENCRYPTED', 'PDF_DAMAGED']);
const retriable = (error: FlowMessage | undefined) => !(error && 'code' in error && FINAL_UPLOAD_ERRORS.has(error.code));

export function FileStatusLine({ item, onRetryUpload }: Pick<FileCardProps, 'item' | 'onRetryUpload'>) {
  const { t } = useTranslation();
  const messageText = useMessageText();
  if (item.status === 'uploading') {
    const percent = Math.round(item.progress * 100);
    return (
      <div className="file-card__status">
        <ProgressBar value={item.progress} label={t('flow.status.uploading', { percent })} small />
        <span className="file-card__status-text">{t('flow.status.uploading', { percent })}</span>
      </div>
    );
  }
  if (item.status === 'uploadFail') {
    return (
      <div className="file-card__status file-card__status--error" role="alert">
        <span className="file-card__status-text">
          <AlertIcon width={16} height={16} /> {item.error ? messageText(item.error) : t('flow.status.uploadFail')}
        </span>
        {namesUnlock(item.error) && <UnlockLink />}
        {retriable(item.error) && (
          <button type="button" className="link-button" onClick={() => onRetryUpload(item.uid)}>
            {t('flow.file.retryUpload')}
          </button>
        )}
      </div>
    );
  }
  return (
    <div className="file-card__status file-card__status--ok">
      <CheckIcon width={16} height={16} /> <span className="file-card__status-text">{t(`flow.status.${item.status}`)}</span>
    </div>
  );
}

export function FileCard({ item, index, total, reorderable, onMove, onRemove, onRetryUpload, drag }: FileCardProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const name = item.name;
  const className = ['file-card', drag?.isDragging && 'is-dragging', drag?.isTarget && 'is-drop-target'].filter(Boolean).join(' ');

  return (
    <li
      className={className}
      data-status={item.status}
      draggable={reorderable}
      onDragStart={drag?.onDragStart}
      onDragOver={drag?.onDragOver}
      onDrop={drag?.onDrop}
      onDragEnd={drag?.onDragEnd}
      title={reorderable ? t('flow.file.dragHint') : undefined}
    >
      <div className="file-card__thumb">
        {item.cover ? (
          <img src={item.cover} alt={t('flow.file.preview', { name })} draggable={false} />
        ) : (
          <div className={`file-card__placeholder${item.previewFailed ? '' : ' is-loading'}`}>
            {item.locked ? <LockIcon width={36} height={36} /> : <FileIcon width={36} height={36} />}
            {item.previewFailed &&
              (item.locked || hasPreview(item) ? (
                <span>{t(item.locked ? 'flow.file.locked' : 'flow.file.noPreview')}</span>
              ) : (
                // Word files, eBooks, drawings: their kind says more than "no preview".
                <span className="file-card__kind">{item.name.split('.').pop()?.toUpperCase()}</span>
              ))}
          </div>
        )}
        {reorderable && <span className="file-card__index">{index + 1}</span>}
      </div>
      <div className="file-card__info">
        <p className="file-card__name" title={name}>
          {name}
        </p>
        <p className="file-card__meta">
          {formatBytes(item.size, t, lang)}
          {item.pages !== undefined && ` · ${t('flow.file.pages', { count: item.pages })}`}
        </p>
        <FileStatusLine item={item} onRetryUpload={onRetryUpload} />
      </div>
      <div className="file-card__actions">
        {reorderable && (
          <>
            <button
              type="button"
              id={`${item.uid}-earlier`}
              className="icon-button"
              aria-label={t('flow.file.moveEarlier', { name })}
              title={t('flow.file.moveEarlier', { name })}
              disabled={index === 0}
              onClick={() => onMove(item.uid, index - 1, 'earlier')}
            >
              <ArrowLeftIcon />
            </button>
            <button
              type="button"
              id={`${item.uid}-later`}
              className="icon-button"
              aria-label={t('flow.file.moveLater', { name })}
              title={t('flow.file.moveLater', { name })}
              disabled={index === total - 1}
              onClick={() => onMove(item.uid, index + 1, 'later')}
            >
              <ArrowRightIcon />
            </button>
          </>
        )}
        <button
          type="button"
          className="icon-button icon-button--danger"
          aria-label={t('flow.file.remove', { name })}
          title={t('flow.file.remove', { name })}
          onClick={() => onRemove(item.uid)}
        >
          <CloseIcon />
        </button>
      </div>
    </li>
  );
}

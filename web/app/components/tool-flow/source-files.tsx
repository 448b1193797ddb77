import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatBytes } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { CloseIcon, FileIcon } from '../icons';
import { FileStatusLine } from './file-card';
import type { FileItem } from './flow-state';

/** File A, B, C… of a multi-file page board. */
export const sourceLetter = (index: number) => String.fromCharCode(65 + index);

interface SourceFilesProps {
  files: readonly FileItem[];
  /** Give each file a letter and colour, matching its pages in the grid. */
  lettered: boolean;
  onRemove: (uid: string) => void;
  onRetryUpload: (uid: string) => void;
  /** The "add more files" control. */
  children?: ReactNode;
}

/** The files whose pages are shown below, as a compact list. */
export function SourceFiles({ files, lettered, onRemove, onRetryUpload, children }: SourceFilesProps) {
  const { t } = useTranslation();
  const lang = useLang();

  return (
    <div className="source-files">
      <ul className="source-files__list" aria-label={t('flow.list.label')}>
        {files.map((item, index) => (
          <li key={item.uid} className={`source-file${lettered ? ` tone-${index}` : ''}`} data-status={item.status}>
            <span className="source-file__badge" aria-hidden="true">
              {lettered ? sourceLetter(index) : <FileIcon width={20} height={20} />}
            </span>
            <div className="source-file__info">
              <p className="source-file__name" title={item.name}>
                {lettered && <span className="visually-hidden">{t('grid.fileLetter', { letter: sourceLetter(index) })} </span>}
                {item.name}
              </p>
              <p className="source-file__meta">
                {formatBytes(item.size, t, lang)}
                {item.pages !== undefined && ` · ${t('flow.file.pages', { count: item.pages })}`}
                {item.locked && ` · ${t('flow.file.locked')}`}
              </p>
              <FileStatusLine item={item} onRetryUpload={onRetryUpload} />
            </div>
            <button
              type="button"
              className="icon-button icon-button--danger"
              aria-label={t('flow.file.remove', { name: item.name })}
              title={t('flow.file.remove', { name: item.name })}
              onClick={() => onRemove(item.uid)}
            >
              <CloseIcon />
            </button>
          </li>
        ))}
      </ul>
      {children}
    </div>
  );
}

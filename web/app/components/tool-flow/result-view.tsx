import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskResult } from '../../../../shared/src/api';
import { formatBytes, formatSaving } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { CheckIcon, DownloadIcon } from '../icons';

interface ResultViewProps {
  result: TaskResult;
  /** Total size of the input files, for the size reduction of compression. */
  inputSize: number;
  showSaving: boolean;
  onDownload: () => void;
  onStartOver: () => void;
}

export function ResultView({ result, inputSize, showSaving, onDownload, onStartOver }: ResultViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const parts = result.fileurl ? [] : (result.pdfurls ?? result.imageurls ?? []);
  const partLabel = result.imageurls && !result.pdfurls ? 'flow.result.image' : 'flow.result.part';
  const single = result.fileurl ?? (parts.length === 0 ? result.pdfurl : undefined);
  const size = result.filesize;

  return (
    <div className="flow-panel flow-panel--success">
      <CheckIcon className="flow-panel__icon" width={40} height={40} />
      <h2 className="flow-panel__title" ref={heading} tabIndex={-1}>
        {t(single ? 'flow.result.title' : 'flow.result.titleMany')}
      </h2>

      {showSaving && size !== undefined && (
        <p className="saving">
          <span className="visually-hidden">{t('flow.result.savingLabel')}</span>
          <strong className="saving__percent">{t('flow.result.savingPercent', { percent: formatSaving(inputSize, size, lang) })}</strong>
          <span>{t('flow.result.saving', { before: formatBytes(inputSize, t, lang), after: formatBytes(size, t, lang) })}</span>
        </p>
      )}
      {result.notice && (
        <p className="notice" role="status">
          {t(`notices.${result.notice}`)}
        </p>
      )}

      {single && (
        <a className="button button--primary button--xl" href={single} download onClick={onDownload}>
          <DownloadIcon /> {t('flow.result.download')}
        </a>
      )}
      {parts.length > 0 && (
        <>
          {result.zipurl && (
            <a className="button button--primary button--xl" href={result.zipurl} download onClick={onDownload}>
              <DownloadIcon /> {t('flow.result.zip')}
            </a>
          )}
          <ul className="download-list">
            {parts.map((url, i) => (
              <li key={url}>
                <a className="button button--secondary button--small" href={url} download onClick={onDownload}>
                  <DownloadIcon width={16} height={16} /> {t(partLabel, { n: i + 1 })}
                </a>
              </li>
            ))}
          </ul>
        </>
      )}

      {size !== undefined && !showSaving && (
        <p className="flow-panel__text">{t(parts.length > 1 ? 'flow.result.sizeTotal' : 'flow.result.size', { size: formatBytes(size, t, lang) })}</p>
      )}

      <button type="button" className="button button--ghost" onClick={onStartOver}>
        {t('flow.actions.startOver')}
      </button>
    </div>
  );
}

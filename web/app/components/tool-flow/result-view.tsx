import { useEffect, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { TaskResult } from '#shared/api';
import { formatBytes, formatSaving } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { CheckIcon, DownloadIcon, FileIcon } from '../icons';
import { TaskReport } from './task-report';

/** Results that are pictures: shown as thumbnails, each with its own download. */
export interface ResultImages {
  /** The picture to show for an output: the output itself, or a lighter stand-in. */
  thumb: (url: string, index: number) => string;
  /** Each picture is a page of the document, in order ("Page 3" rather than "Image 3"). */
  pages?: boolean;
}

interface ResultViewProps {
  result: TaskResult;
  /** Total size of the input files, for the size reduction of compression. */
  inputSize: number;
  showSaving: boolean;
  images?: ResultImages;
  /** Labels of several outputs, one per input in the same order ("photo.pdf"). */
  partNames?: readonly string[];
  onDownload: (event: MouseEvent<HTMLAnchorElement>) => void;
  onStartOver: () => void;
  /** What the notice offers to do about it ("Redo OCR on every page"). */
  noticeAction?: { label: string; run: () => void };
}

/** A thumbnail that falls back to an icon when the picture cannot be shown (a download that needs a login). */
function ResultThumb({ src }: { src: string }) {
  const [failed, setFailed] = useState(false);
  return failed ? (
    <FileIcon width={32} height={32} />
  ) : (
    <img src={src} alt="" loading="lazy" decoding="async" onError={() => setFailed(true)} />
  );
}

export function ResultView({ result, inputSize, showSaving, images, partNames, onDownload, onStartOver, noticeAction }: ResultViewProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const heading = useRef<HTMLHeadingElement>(null);
  useEffect(() => heading.current?.focus(), []);

  const parts = result.fileurl ? [] : (result.pdfurls ?? result.imageurls ?? []);
  const partKey = result.imageurls && !result.pdfurls ? 'flow.result.image' : 'flow.result.part';
  const single = result.fileurl ?? (parts.length === 0 ? result.pdfurl : undefined);
  const size = result.filesize;
  const pictures = images ? (result.imageurls ?? (result.fileurl ? [result.fileurl] : [])) : [];
  // Each file by its own name ("report-1-3.pdf": the source and its pages), else the inputs' names, else its number.
  // Check signatures answers with its findings: the JSON file is that report, not a document.
  const reportOnly = result.report?.tool === 'validate-signature';
  const partLabel = (i: number) => result.names?.[i] ?? (partNames?.length === parts.length ? partNames[i] : t(partKey, { n: i + 1 }));

  return (
    <div className="flow-panel flow-panel--success">
      <CheckIcon className="flow-panel__icon" width={40} height={40} />
      <h2 className="flow-panel__title" ref={heading} tabIndex={-1}>
        {t(reportOnly ? 'flow.result.titleReport' : single ? 'flow.result.title' : 'flow.result.titleMany')}
      </h2>

      {showSaving && size !== undefined && (
        <p className="saving">
          <span className="visually-hidden">{t('flow.result.savingLabel')}</span>
          <strong className="saving__percent">{t('flow.result.savingPercent', { percent: formatSaving(inputSize, size, lang) })}</strong>
          <span>{t('flow.result.saving', { before: formatBytes(inputSize, t, lang), after: formatBytes(size, t, lang) })}</span>
        </p>
      )}
      {result.notice && (
        <div className="notice" role="status">
          <p>{t(`notices.${result.notice}`, result.noticeParams)}</p>
          {noticeAction && (
            <button type="button" className="button button--secondary button--small" onClick={noticeAction.run}>
              {noticeAction.label}
            </button>
          )}
        </div>
      )}
      {result.report && <TaskReport report={result.report} />}

      {single && pictures.length === 1 && (
        <div className="result-preview">
          <ResultThumb src={images!.thumb(single, 0)} />
        </div>
      )}
      {single && (
        <a className="button button--primary button--xl" href={single} download onClick={onDownload}>
          <DownloadIcon /> {t('flow.result.download')}
        </a>
      )}
      {parts.length > 0 && result.zipurl && (
        <a className="button button--primary button--xl" href={result.zipurl} download onClick={onDownload}>
          <DownloadIcon /> {t('flow.result.zip')}
        </a>
      )}
      {parts.length > 0 && pictures.length > 1 && (
        <ul className="result-images" aria-label={t('flow.result.imagesLabel')}>
          {pictures.map((url, i) => (
            <li key={url}>
              <a className="result-image" href={url} download onClick={onDownload}>
                <span className="result-image__thumb">
                  <ResultThumb src={images!.thumb(url, i)} />
                </span>
                <span className="result-image__label">
                  <DownloadIcon width={16} height={16} /> {t(images!.pages ? 'flow.result.page' : 'flow.result.image', { n: i + 1 })}
                </span>
              </a>
            </li>
          ))}
        </ul>
      )}
      {parts.length > 0 && pictures.length <= 1 && (
        <ul className="download-list">
          {parts.map((url, i) => (
            <li key={url}>
              <a className="button button--secondary button--small" href={url} download onClick={onDownload}>
                <DownloadIcon width={16} height={16} /> {partLabel(i)}
              </a>
            </li>
          ))}
        </ul>
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

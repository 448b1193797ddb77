import { useEffect, useRef, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { Change, CompareReport, PageRect } from '#shared/compare';
import { useNearViewport } from '~/hooks/use-near-viewport';
import { openPdfDocument } from '~/lib/pdf-preview';
import { CheckIcon, DownloadIcon } from '../icons';
import type { ResultProps } from './options-types';

type PdfDocument = Awaited<Awaited<ReturnType<typeof openPdfDocument>>['promise']>;
type Side = 'before' | 'after';

/** Canvas pixels per page point: sharp enough beside another page, light enough for a long document. */
const RENDER_SCALE = 1.25;

/** The user's own two files, opened by pdf.js once for the whole view. */
function usePdf(url: string | undefined): PdfDocument | undefined {
  const [doc, setDoc] = useState<PdfDocument>();
  useEffect(() => {
    if (!url) return;
    let task: Awaited<ReturnType<typeof openPdfDocument>> | undefined;
    let gone = false;
    void openPdfDocument(url).then((t) => {
      task = t;
      if (gone) return void t.destroy();
      t.promise.then((d) => !gone && setDoc(d)).catch(() => undefined);
    });
    return () => {
      gone = true;
      void task?.destroy();
    };
  }, [url]);
  return doc;
}

/** One page of one side, drawn when it comes near the viewport, with the changes on it boxed. */
function ComparePage({ doc, side, page, size, marks, current }: {
  doc?: PdfDocument;
  side: Side;
  page: number | null;
  size: { width: number; height: number };
  marks: Array<{ change: Change; rect: PageRect }>;
  current?: number;
}) {
  const { t } = useTranslation();
  const box = useRef<HTMLDivElement>(null);
  const canvas = useRef<HTMLCanvasElement>(null);
  const near = useNearViewport(box);
  useEffect(() => {
    if (!near || !doc || !page || !canvas.current) return;
    let cancelled = false;
    let task: { cancel(): void; promise: Promise<void> } | undefined;
    void doc.getPage(page).then((p) => {
      if (cancelled || !canvas.current) return;
      const viewport = p.getViewport({ scale: RENDER_SCALE });
      canvas.current.width = Math.round(viewport.width);
      canvas.current.height = Math.round(viewport.height);
      task = p.render({ canvas: canvas.current, viewport });
      task.promise.catch(() => undefined);
    });
    return () => {
      cancelled = true;
      task?.cancel();
    };
  }, [near, doc, page]);

  if (!page) return <div className="compare-page compare-page--none" style={{ aspectRatio: `${size.width} / ${size.height}` }}>{t('compare.view.noPage')}</div>;
  const pct = (v: number, of: number) => `${(100 * v) / of}%`;
  return (
    <div ref={box} className="compare-page" style={{ aspectRatio: `${size.width} / ${size.height}` }}>
      <canvas ref={canvas} aria-hidden="true" />
      {marks.map(({ change, rect }, i) => (
        <span
          key={`${change.id}-${i}`}
          className={`compare-mark compare-mark--${change.kind}${change.id === current ? ' compare-mark--current' : ''}${rect.x1 - rect.x0 < 0.5 ? ' compare-mark--place' : ''}`}
          style={{ left: pct(rect.x0, size.width), top: pct(rect.y0, size.height), width: pct(Math.max(rect.x1 - rect.x0, 0), size.width), height: pct(rect.y1 - rect.y0, size.height) }}
          data-side={side}
        />
      ))}
    </div>
  );
}

/** The words of a change as the list shows them. */
function ChangeWords({ change }: { change: Change }) {
  const cut = (s: string) => (s.length > 140 ? `${s.slice(0, 139)}…` : s);
  return (
    <>
      {change.before?.text && change.kind !== 'moved' && <del>{cut(change.before.text)}</del>}
      {change.after?.text && <ins>{cut(change.after.text)}</ins>}
    </>
  );
}

/**
 * Compare's result: the two documents side by side, pair of pages by pair of pages (so they scroll
 * together), the changes boxed on both, and the list of changes to step through with the buttons,
 * the arrow keys or J and K. The report PDF, the list as text and the JSON are downloads.
 */
export function CompareResult({ result, files, onDownload, onStartOver }: ResultProps) {
  const { t } = useTranslation();
  const [reportUrl, jsonUrl, textUrl] = result.pdfurls ?? [];
  const [report, setReport] = useState<CompareReport | 'failed'>();
  const [current, setCurrent] = useState(0);
  const heading = useRef<HTMLHeadingElement>(null);
  const rows = useRef(new Map<string, HTMLElement>());
  const docs = { before: usePdf(files[0]?.objectURL), after: usePdf(files[1]?.objectURL) };
  useEffect(() => heading.current?.focus(), []);
  useEffect(() => {
    if (!jsonUrl) return;
    const controller = new AbortController();
    fetch(jsonUrl, { credentials: 'same-origin', signal: controller.signal })
      .then((r) => (r.ok ? (r.json() as Promise<CompareReport>) : Promise.reject(new Error(String(r.status)))))
      .then(setReport)
      .catch(() => !controller.signal.aborted && setReport('failed'));
    return () => controller.abort();
  }, [jsonUrl]);

  const loaded = report && report !== 'failed' ? report : undefined;
  const changes = loaded?.changes ?? [];
  const rowOf = (c: Change) => (c.after ? `a${c.after.page}` : `b${c.before!.page}`);
  const go = (index: number) => {
    if (!changes.length) return;
    const next = (index + changes.length) % changes.length;
    setCurrent(next);
    rows.current.get(rowOf(changes[next]))?.scrollIntoView({ block: 'nearest', behavior: 'smooth' });
    document.getElementById(`compare-change-${changes[next].id}`)?.focus();
  };
  const onKey = (e: KeyboardEvent) => {
    if (e.key === 'ArrowDown' || e.key === 'j') go(current + 1);
    else if (e.key === 'ArrowUp' || e.key === 'k') go(current - 1);
    else return;
    e.preventDefault();
  };
  const marksOn = (side: Side, page: number | null) =>
    page === null ? [] : changes.flatMap((change) => (change[side]?.rects ?? []).filter((r) => r.page === page).map((rect) => ({ change, rect })));

  return (
    <div className="compare-result">
      <div className="flow-panel flow-panel--success compare-result__head">
        <CheckIcon className="flow-panel__icon" width={40} height={40} />
        <h2 className="flow-panel__title" ref={heading} tabIndex={-1}>
          {loaded ? (loaded.identical ? t('compare.view.identical') : t('compare.view.count', { count: changes.length })) : t('compare.view.title')}
        </h2>
        {loaded?.identical && <p className="flow-panel__text">{t('compare.view.identicalText')}</p>}
        {!report && <p className="flow-panel__text" role="status">{t('compare.view.loading')}</p>}
        {report === 'failed' && <p className="flow-panel__text" role="alert">{t('compare.view.loadFailed')}</p>}
        <div className="button-row">
          {reportUrl && (
            <a className="button button--primary" href={reportUrl} download onClick={onDownload}>
              <DownloadIcon width={18} height={18} /> {t('compare.view.downloadReport')}
            </a>
          )}
          {textUrl && (
            <a className="button button--secondary" href={textUrl} download onClick={onDownload}>
              {t('compare.view.downloadList')}
            </a>
          )}
          {jsonUrl && (
            <a className="button button--secondary" href={jsonUrl} download onClick={onDownload}>
              {t('compare.view.downloadJson')}
            </a>
          )}
        </div>
        <button type="button" className="button button--ghost" onClick={onStartOver}>
          {t('flow.actions.startOver')}
        </button>
      </div>

      {loaded && changes.length > 0 && (
        <div className="compare-view">
          <nav className="compare-list" aria-label={t('compare.view.listLabel')}>
            <div className="compare-list__bar">
              <button type="button" className="button button--secondary button--small" onClick={() => go(current - 1)} aria-label={t('compare.view.previous')}>
                ↑
              </button>
              <span aria-live="polite">{t('compare.view.position', { n: current + 1, total: changes.length })}</span>
              <button type="button" className="button button--secondary button--small" onClick={() => go(current + 1)} aria-label={t('compare.view.next')}>
                ↓
              </button>
            </div>
            <p className="compare-list__keys">{t('compare.view.keys')}</p>
            <ol className="compare-list__items" onKeyDown={onKey}>
              {changes.map((c, i) => (
                <li key={c.id}>
                  <button
                    type="button"
                    id={`compare-change-${c.id}`}
                    className={`compare-item compare-item--${c.kind}`}
                    aria-current={i === current ? 'true' : undefined}
                    onClick={() => go(i)}
                  >
                    <span className="compare-item__head">
                      <span className="compare-item__id">{c.id}</span> {t(`compare.kinds.${c.kind}`)}
                      <span className="compare-item__pages">
                        {t('compare.view.pages', { before: c.before?.page ?? t('compare.view.noPage'), after: c.after?.page ?? t('compare.view.noPage') })}
                      </span>
                    </span>
                    <span className="compare-item__words">
                      <ChangeWords change={c} />
                    </span>
                  </button>
                </li>
              ))}
            </ol>
          </nav>
          <div className="compare-pages">
            <div className="compare-pages__heads" aria-hidden="true">
              <span>{t('compare.view.before')}</span>
              <span>{t('compare.view.after')}</span>
            </div>
            {loaded.pairs.map(([b, a]) => {
              const sizeB = b ? loaded.pages.before[b - 1] : undefined;
              const sizeA = a ? loaded.pages.after[a - 1] : undefined;
              return (
                <div
                  key={`${b}-${a}`}
                  className="compare-pages__row"
                  ref={(el) => {
                    if (!el) return;
                    if (a) rows.current.set(`a${a}`, el);
                    if (b) rows.current.set(`b${b}`, el);
                  }}
                >
                  <ComparePage doc={docs.before} side="before" page={b} size={(sizeB ?? sizeA)!} marks={marksOn('before', b)} current={changes[current]?.id} />
                  <ComparePage doc={docs.after} side="after" page={a} size={(sizeA ?? sizeB)!} marks={marksOn('after', a)} current={changes[current]?.id} />
                </div>
              );
            })}
          </div>
        </div>
      )}
    </div>
  );
}

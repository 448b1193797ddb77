import { useCallback, useEffect, useMemo, useReducer, useRef, useState, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import type { ToolDefinition } from '#shared/tools';
import { useDownload } from '~/hooks/use-download';
import { useLeaveWarning } from '~/hooks/use-leave-warning';
import { useTaskProgress } from '~/hooks/use-task-progress';
import { uploadFile, type FlowMessage } from '~/lib/api-client';
import { formatBytes } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { useMaxUploadBytes } from '~/lib/root-data';
import { Dropzone } from '../tool-flow/dropzone';
import { FailureView } from '../tool-flow/failure-view';
import { flowReducer, initialFlow } from '../tool-flow/flow-state';
import { ProgressView } from '../tool-flow/progress-view';
import { ResultView } from '../tool-flow/result-view';
import { buildEditDocument, historyReducer, initialHistory, isDeleted, placeOperation, rotationOf, type EditorObject } from './document-model';
import { toolsFor, type EditorKind, type ToolName } from './editor-tools';
import { DEFAULT_STYLE, newId, newObject, stylePatch, type SavedSignature, type ToolStyle } from './new-object';
import type { Point, Rect } from './operations';
import { PageView } from './page-view';
import { PageActions } from './page-actions';
import { PropertiesPanel } from './properties-panel';
import { loadSignature, saveSignature } from './signature';
import { SignatureDialog } from './signature-dialog';
import { selectedLineRects, type TextLine } from './text-lines';
import { Thumbnails } from './thumbnails';
import { Toolbar } from './toolbar';
import { useEditorKeys } from './use-editor-keys';
import { usePdf } from './use-pdf';

const MIN_ZOOM = 0.25;
const MAX_ZOOM = 4;

const imageAspect = (src: string) =>
  new Promise<number>((resolve) => {
    const img = new Image();
    img.onload = () => resolve(img.naturalWidth / Math.max(1, img.naturalHeight));
    img.onerror = () => resolve(1);
    img.src = src;
  });

/** A picture goes up under the editor's own tool, which takes PNG and JPG as attachments. */
async function uploadPicture(toolType: string, file: File) {
  const { token } = await uploadFile(file, toolType, () => undefined).promise;
  const src = URL.createObjectURL(file);
  return { token, src, aspect: await imageAspect(src) };
}

interface Source {
  name: string;
  size: number;
  url: string;
  token?: string;
  error?: FlowMessage;
}

/** The editor behind /edit-pdf, /annotate-pdf and /sign-pdf: open a PDF, place objects, apply them on the server. */
export function EditorWorkspace({ tool }: { tool: ToolDefinition }) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageText = useMessageText();
  const kind = tool.id as EditorKind;
  const tools = useMemo(() => toolsFor(kind), [kind]);
  const maxBytes = useMaxUploadBytes();
  const [source, setSource] = useState<Source | null>(null);
  const [history, dispatch] = useReducer(historyReducer, initialHistory);
  const [flow, flowDispatch] = useReducer(flowReducer, initialFlow);
  const { run, cancel } = useTaskProgress(flowDispatch);
  const [toolName, setTool] = useState<ToolName>(tools[1] ?? 'select');
  const [style, setStyle] = useState<ToolStyle>(DEFAULT_STYLE);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [zoom, setZoom] = useState(1);
  const [currentPage, setCurrentPage] = useState(1);
  const [flatten, setFlatten] = useState(false);
  const [signature, setSignature] = useState<SavedSignature | undefined>();
  const [signing, setSigning] = useState<{ page: number; rect: Rect } | 'new' | null>(null);
  const [initials, setInitials] = useState('');
  const [uploads, setUploads] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  const scroller = useRef<HTMLDivElement>(null);
  const pdf = usePdf(source?.url);
  const doc = history.present;
  const selected = doc.objects.find((o) => o.id === selectedId);
  const today = useMemo(() => new Date().toLocaleDateString(lang === 'fr' ? 'fr-FR' : 'en-US'), [lang]);

  useEffect(() => setSignature(loadSignature()), []);
  const sourceUrl = source?.url;
  useEffect(() => () => {
    if (sourceUrl) URL.revokeObjectURL(sourceUrl);
  }, [sourceUrl]);

  const { onDownloadClick, awaitingLogin } = useDownload();
  const phase = flow.task.phase;
  useLeaveWarning(source !== null && !(phase === 'done' && downloaded) && !awaitingLogin);

  const open = (files: File[]) => {
    const file = files[0];
    if (!file) return;
    if (file.size > maxBytes) {
      setNotice(messageText({ code: 'FILE_TOO_LARGE' }));
      return;
    }
    setNotice(null);
    const next: Source = { name: file.name, size: file.size, url: URL.createObjectURL(file) };
    setSource(next);
    uploadFile(file, tool.id, () => undefined).promise.then(
      ({ token }) => setSource((s) => (s?.url === next.url ? { ...s, token } : s)),
      (e: unknown) => setSource((s) => (s?.url === next.url ? { ...s, error: e instanceof Error && 'userMessage' in e ? (e.userMessage as FlowMessage) : { code: 'UPLOAD_FAILED' } } : s)),
    );
  };

  // The pages fit the workspace's width (a phone shows the whole width) until the user zooms.
  const zoomed = useRef(false);
  useEffect(() => {
    const el = scroller.current;
    if (pdf.status !== 'ready' || !el) return;
    const widest = Math.max(...pdf.pages.map((p) => p.width));
    const fit = () => {
      if (!zoomed.current) setZoom(Math.min(1.5, Math.max(MIN_ZOOM, (el.clientWidth - 24) / widest)));
    };
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [pdf]);

  const zoomBy = useCallback((factor: number) => {
    zoomed.current = true;
    setZoom((z) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z * factor)));
  }, []);
  // Ctrl+wheel (and a trackpad's pinch, which browsers send as one) zooms the pages, not the site.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      zoomBy(e.deltaY < 0 ? 1.1 : 1 / 1.1);
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    return () => el.removeEventListener('wheel', onWheel);
  }, [zoomBy, pdf.status]);

  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    const top = el.getBoundingClientRect().top + 40;
    const pages = [...el.querySelectorAll<HTMLElement>('[data-page]')];
    const current = pages.findLast((p) => p.getBoundingClientRect().top <= top) ?? pages[0];
    if (current) setCurrentPage(Number(current.dataset.page));
  };
  const goTo = (n: number) => {
    scroller.current?.querySelector(`[data-page="${n}"]`)?.scrollIntoView({ block: 'start' });
    setCurrentPage(n);
  };

  const add = (placed: EditorObject, keepTool = false) => {
    // Kept on its page: a box placed near an edge moves inside it (the contract refuses a rect off the page).
    const object = { ...placed, op: placeOperation(placed.op, placed.op.rect) };
    dispatch({ type: 'add', object });
    setSelectedId(object.id);
    if (!keepTool) setTool('select');
  };
  const remove = useCallback(() => {
    if (!selectedId) return;
    dispatch({ type: 'remove', id: selectedId });
    setSelectedId(null);
  }, [selectedId]);
  const keys = useMemo(() => ({ undo: () => dispatch({ type: 'undo' }), redo: () => dispatch({ type: 'redo' }), remove, deselect: () => setSelectedId(null) }), [remove]);
  useEditorKeys(keys, phase === 'select' && signing === null);

  const pageAspect = (page: number) => (pdf.status === 'ready' ? pdf.pages[page - 1].width / pdf.pages[page - 1].height : 0.77);

  const place = (page: number, rect: Rect, extra: { points?: Point[]; lines: readonly TextLine[]; flip: boolean }) => {
    if (toolName === 'ink') {
      add({ id: newId(), op: { type: 'ink', page, rect, strokes: [extra.points ?? []], color: style.stroke, width: style.width } }, true);
      return;
    }
    if (toolName === 'highlight' || toolName === 'underline' || toolName === 'strikeout') {
      const rects = selectedLineRects(extra.lines, rect);
      const x0 = Math.min(...rects.map((r) => r[0]));
      const y0 = Math.min(...rects.map((r) => r[1]));
      const bounds: Rect = [x0, y0, Math.max(...rects.map((r) => r[0] + r[2])) - x0, Math.max(...rects.map((r) => r[1] + r[3])) - y0];
      add({ id: newId(), op: { type: toolName, page, rect: bounds, rects, color: toolName === 'highlight' ? style.markColor : style.stroke } }, true);
      return;
    }
    if (toolName === 'signature' && !signature) {
      setSigning({ page, rect });
      return;
    }
    const object = newObject(toolName, { page, rect, style, pageAspect: pageAspect(page), signature, initials, today });
    if (object?.op.type === 'shape' && extra.flip) object.op.flip = true;
    if (object) add(object, toolName === 'signature' || toolName === 'initials' || toolName === 'date' || toolName === 'check');
  };

  const editLine = (page: number, line: TextLine) => {
    const existing = doc.objects.find((o) => o.op.type === 'replaceText' && o.op.page === page && o.op.rect.join() === line.rect.join());
    if (existing) {
      setSelectedId(existing.id);
      return;
    }
    const size = Math.round(line.height * (pdf.status === 'ready' ? pdf.pages[page - 1].height : 792) * 10) / 10;
    add({ id: newId(), original: line.text, op: { type: 'replaceText', page, rect: line.rect, text: line.text, size: Math.min(200, Math.max(4, size)), color: '#000000' } }, true);
  };

  const restyle = (patch: Partial<ToolStyle> & { rotation?: number }) => {
    if (selected) dispatch({ type: 'update', id: selected.id, patch: stylePatch(selected.op.type, patch) });
    else setStyle((s) => ({ ...s, ...patch }));
  };

  const addImage = async (file: File | undefined) => {
    if (!file) return;
    setUploads((n) => n + 1);
    try {
      const { token, src, aspect } = await uploadPicture(tool.id, file);
      const w = 0.3;
      const h = (w / aspect) * pageAspect(currentPage);
      add({ id: newId(), src, op: { type: 'image', page: currentPage, rect: [0.35, 0.2, w, Math.min(0.9, h)], token, rotation: 0 } });
    } catch {
      setNotice(t('editor.image.failed'));
    } finally {
      setUploads((n) => n - 1);
    }
  };

  const chooseTool = (name: ToolName) => {
    if (name === 'image') {
      document.getElementById('editor-image-input')?.click();
      return;
    }
    setTool(name);
    setSelectedId(null);
    if (name === 'signature' && !signature) setSigning('new');
  };

  const signed = (sig: SavedSignature) => {
    setSignature(sig);
    saveSignature(sig);
    const at = signing;
    setSigning(null);
    setTool('signature');
    if (at && at !== 'new') {
      const object = newObject('signature', { page: at.page, rect: at.rect, style, pageAspect: pageAspect(at.page), signature: sig, initials, today });
      if (object) add(object, true);
    }
  };

  const editCount = doc.objects.length + doc.pageOps.length;
  const apply = () => {
    if (!source?.token || editCount === 0) return;
    setSelectedId(null);
    const request = { toolType: tool.id, token: source.token, operations: JSON.stringify(buildEditDocument(doc)), flatten };
    void run(request);
  };

  const startOver = () => {
    cancel();
    setSource(null);
    dispatch({ type: 'reset' });
    flowDispatch({ type: 'reset' });
    setSelectedId(null);
    setDownloaded(false);
  };

  const onDownload = (event: MouseEvent<HTMLAnchorElement>) =>
    onDownloadClick(event, { pending: { count: 1, tokens: source?.token ?? '' }, onSaved: () => setDownloaded(true) });

  if (phase === 'processing') return <ProgressView progress={flow.task.progress} />;
  if (phase === 'done') return <ResultView result={flow.task.result} inputSize={source?.size ?? 0} showSaving={false} onDownload={onDownload} onStartOver={startOver} />;
  if (phase === 'failed') return <FailureView error={flow.task.error} onRetry={apply} onStartOver={startOver} />;

  if (!source) {
    return (
      <section className="tool-flow editor-open">
        {notice && (
          <p className="notice" role="alert">
            {notice}
          </p>
        )}
        <Dropzone multiple={false} accept="application/pdf,.pdf" limits={t('flow.dropzone.limitsOne', { size: formatBytes(maxBytes, t, lang) })} onFiles={open} />
      </section>
    );
  }

  return (
    <section className="editor" aria-label={t('editor.label')}>
      <Toolbar
        tools={tools}
        tool={toolName}
        onTool={chooseTool}
        canUndo={history.past.length > 0}
        canRedo={history.future.length > 0}
        onUndo={() => dispatch({ type: 'undo' })}
        onRedo={() => dispatch({ type: 'redo' })}
        zoom={zoom}
        onZoom={zoomBy}
      />
      <input id="editor-image-input" type="file" accept="image/png,image/jpeg" hidden onChange={(e) => void addImage(e.target.files?.[0]).finally(() => (e.target.value = ''))} />
      {notice && (
        <p className="notice" role="alert">
          {notice}
        </p>
      )}
      {source.error && (
        <p className="notice" role="alert">
          {messageText(source.error)}
        </p>
      )}
      <p className="editor__hint" role="status">
        {t(`editor.hints.${toolName}`)}
      </p>
      <div className="editor__body">
        {pdf.status === 'ready' && <Thumbnails pages={pdf.pages} isDeleted={(n) => isDeleted(doc, n)} rotationOf={(n) => rotationOf(doc, n)} onGo={goTo} />}
        <div className="editor__pages" ref={scroller} onScroll={onScroll}>
          {pdf.status === 'loading' && <p className="editor__status">{t('editor.loading')}</p>}
          {pdf.status === 'locked' && <p className="notice">{messageText({ code: 'PDF_ENCRYPTED' })}</p>}
          {pdf.status === 'failed' && <p className="notice">{messageText({ code: 'PDF_DAMAGED' })}</p>}
          {pdf.status === 'ready' &&
            pdf.pages.map((page, i) => (
              <PageView
                key={i}
                page={page}
                index={i}
                scale={zoom}
                tool={toolName}
                objects={doc.objects.filter((o) => o.op.page === i + 1)}
                selectedId={selectedId}
                deleted={isDeleted(doc, i + 1)}
                rotation={rotationOf(doc, i + 1)}
                today={today}
                onSelect={setSelectedId}
                onPlace={place}
                onEditLine={editLine}
                onMove={(id, rect) => dispatch({ type: 'place', id, rect })}
                onText={(id, text) => dispatch({ type: 'update', id, patch: { text } })}
              />
            ))}
        </div>
        <aside className="editor__side">
          <PropertiesPanel selected={selected} tool={toolName} style={style} onStyle={restyle} onDelete={remove} />
          {(toolName === 'initials' || (selected?.op.type === 'stamp' && selected.op.stamp === 'initials')) && (
            <label className="editor-field">
              <span>{t('editor.panel.initials')}</span>
              <input
                type="text"
                maxLength={10}
                value={selected?.op.type === 'stamp' ? (selected.op.text ?? '') : initials}
                onChange={(e) => (selected ? dispatch({ type: 'update', id: selected.id, patch: { text: e.target.value } }) : setInitials(e.target.value))}
              />
            </label>
          )}
          {toolName === 'signature' && signature && (
            <button type="button" className="button button--secondary button--small" onClick={() => setSigning('new')}>
              {t('editor.signature.change')}
            </button>
          )}
          {pdf.status === 'ready' && <PageActions page={currentPage} pages={pdf.pages.length} onPageOp={(op) => dispatch({ type: 'pageOp', op })} />}
          <div className="editor__apply">
            <label className="editor-check">
              <input type="checkbox" checked={flatten} onChange={(e) => setFlatten(e.target.checked)} /> {t('editor.apply.flatten')}
            </label>
            <button type="button" className="button button--primary" onClick={apply} disabled={!source.token || editCount === 0 || uploads > 0}>
              {t('editor.apply.button')}
            </button>
            {!source.token && !source.error && <p className="editor__status">{t('editor.apply.uploading')}</p>}
          </div>
        </aside>
      </div>
      {signing !== null && <SignatureDialog onDone={signed} onCancel={() => setSigning(null)} uploadImage={(file) => uploadPicture(tool.id, file)} />}
    </section>
  );
}

import { useCallback, useEffect, useId, useLayoutEffect, useMemo, useReducer, useRef, useState, type DragEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { boundsOf } from '#shared/editor/operations';
import type { ToolInfo } from '~/lib/tool-page';
import { useBatchTasks } from '../tool-flow/use-batch-tasks';
import { useDownload } from '~/hooks/use-download';
import { useLeaveWarning } from '~/hooks/use-leave-warning';
import { useTaskProgress } from '../tool-flow/use-task-progress';
import { looksAccepted } from '~/lib/accept';
import { uploadFile, type FlowMessage } from '~/lib/api-client';
import { fileNameList } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { useMaxUploadBytes } from '~/lib/root-data';
import type { TaskResult } from '#shared/api';
import { DownloadIcon } from '../icons';
import { ConfirmDialog } from '../layout/confirm-dialog';
import { BatchView } from '../tool-flow/batch-view';
import { FailureView } from '../tool-flow/failure-view';
import { batchSettled, flowReducer, initialFlow, type FileItem } from '../tool-flow/flow-state';
import { ProgressView } from '../tool-flow/progress-view';
import { buildEditDocument, initialHistory, isDeleted, placeOperation, rotationOf, type DocAction, type EditorObject } from './document-model';
import { EditorDropzone } from './editor-dropzone';
import { admit, EDITOR_MAX_FILES, editCount, newTab, tabsReducer, type EditorTab } from './editor-tabs';
import type { EditorKind } from '~/lib/editor-kind';
import { toolsFor, type ToolName } from './editor-tools';
import { DEFAULT_STYLE, newId, newObject, stylePatch, type SavedSignature, type ToolStyle } from './new-object';
import type { Point, Rect } from './operations';
import type { FieldValue } from './form-fields';
import { PageView } from './page-view';
import { PageActions } from './page-actions';
import { PropertiesPanel } from './properties-panel';
import { loadSignature, saveSignature } from './signature';
import { SealOption } from './seal-option';
import { SignatureDialog } from './signature-dialog';
import { SignedNotice } from './signed-file';
import { selectedLineRects, type TextLine } from './text-lines';
import { TabStrip, tabDomId } from './tab-strip';
import { Thumbnails } from './thumbnails';
import { Toolbar } from './toolbar';
import { useEditorKeys } from './use-editor-keys';
import { useFormBlank } from './use-form-blank';
import type { PdfField } from './page-fields';
import { usePdfs, type PdfState } from './use-pdf';
import { useProGate } from './use-pro-gate';

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

const LOADING: PdfState = { status: 'loading' };
const EMPTY_TAB = { history: initialHistory, zoom: 1 };

/** The request that applies a tab's edits: the contract takes one upload token and its operations. */
/** `seal` only when asked: the option belongs to Sign PDF alone, and other tools refuse unknown fields. */
const requestOf = (toolType: string, tab: EditorTab, flatten: boolean, seal: boolean) => ({
  toolType,
  token: tab.token!,
  operations: JSON.stringify(buildEditDocument(tab.history.present)),
  flatten,
  ...(seal ? { seal } : {}),
});

/** Where a zoom should keep the content still: a point of a page, and where it is on the screen. */
interface ZoomAnchor {
  page: number;
  fx: number;
  fy: number;
  x: number;
  y: number;
}

/**
 * The editor behind /edit-pdf, /annotate-pdf and /sign-pdf: open a PDF, place objects, apply them on
 * the server. It opens with the files chosen on the editor's start (see EditorStart).
 */
export function EditorWorkspace({ tool, initialFiles, onWorking }: { tool: ToolInfo; initialFiles: File[]; onWorking?: (working: boolean) => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const messageText = useMessageText();
  const kind = tool.id as EditorKind;
  const tools = useMemo(() => toolsFor(kind), [kind]);
  const maxBytes = useMaxUploadBytes();
  const [tabs, tabsDispatch] = useReducer(tabsReducer, []);
  const [activeId, setActiveId] = useState<string | null>(null);
  const [closing, setClosing] = useState<EditorTab | null>(null);
  const [flow, flowDispatch] = useReducer(flowReducer, initialFlow);
  const { run, cancel } = useTaskProgress(flowDispatch);
  const { runAll, retry: rerunTab, cancel: cancelBatch } = useBatchTasks(flowDispatch);
  const panelId = useId();
  const [toolName, setTool] = useState<ToolName>(tools[1] ?? 'select');
  const [style, setStyle] = useState<ToolStyle>(DEFAULT_STYLE);
  const [selectedId, setSelectedId] = useState<string | null>(null);
  const [currentPage, setCurrentPage] = useState(1);
  const [flatten, setFlatten] = useState(false);
  const [seal, setSeal] = useState(false);
  const [signature, setSignature] = useState<SavedSignature | undefined>();
  const [signing, setSigning] = useState<{ page: number; rect: Rect } | 'new' | null>(null);
  const [initials, setInitials] = useState('');
  const [uploads, setUploads] = useState(0);
  const [notice, setNotice] = useState<string | null>(null);
  const [downloaded, setDownloaded] = useState(false);
  /** The last file Apply delivered, and each tab's edits as they were then (a tab changed since has unsaved work). */
  const [delivered, setDelivered] = useState<{ result: TaskResult; docs: ReadonlyMap<string, unknown> } | null>(null);
  const scroller = useRef<HTMLDivElement>(null);
  const active = tabs.find((tab) => tab.id === activeId) ?? tabs[0];
  const pdfs = usePdfs(useMemo(() => tabs.map((tab) => tab.url), [tabs]));
  const pdf = (active && pdfs.get(active.url)) ?? LOADING;
  const { history, zoom } = active ?? EMPTY_TAB;
  const doc = history.present;
  const activeTabId = active?.id;
  const dispatch = useCallback(
    (action: DocAction) => {
      if (activeTabId) tabsDispatch({ type: 'doc', id: activeTabId, action });
    },
    [activeTabId],
  );
  const selected = doc.objects.find((o) => o.id === selectedId);
  const today = useMemo(() => new Date().toLocaleDateString(lang === 'fr' ? 'fr-FR' : 'en-US'), [lang]);

  useEffect(() => setSignature(loadSignature()), []);
  // The files' object URLs live as long as the workspace; a closed tab frees its own.
  const tabsRef = useRef(tabs);
  useEffect(() => {
    tabsRef.current = tabs;
  }, [tabs]);
  useEffect(() => () => tabsRef.current.forEach((tab) => URL.revokeObjectURL(tab.url)), []);

  const { onDownloadClick, download, awaitingLogin } = useDownload();
  const phase = flow.task.phase;
  const unchangedSince = delivered !== null && tabs.every((tab) => editCount(tab) === 0 || delivered.docs.get(tab.id) === tab.history.present);
  const finished = (phase === 'select' && unchangedSince) || (phase === 'batch' && batchSettled(flow.files));
  useLeaveWarning(tabs.length > 0 && !(finished && downloaded) && !awaitingLogin);

  // With a file open the workspace is the window (the page's heading and FAQ make way); a batch's
  // results and a failure are shown in the page as the other tools show them.
  const working = tabs.length > 0 && (phase === 'select' || phase === 'processing' || phase === 'done');
  useEffect(() => onWorking?.(working), [working, onWorking]);
  useEffect(() => () => onWorking?.(false), [onWorking]);

  // A form page's Get form: its blank opens as a tab, already uploaded by the server.
  useFormBlank(
    (tab) => {
      tabsDispatch({ type: 'open', tabs: [tab] });
      setActiveId(tab.id);
    },
    (message) => setNotice(messageText(message)),
  );

  const open = (files: File[]) => {
    const { accepted, refused, leftOut } = admit(files, tabs.length, { maxBytes, isPdf: (file) => looksAccepted(file, tool.accepts) });
    setNotice(
      leftOut.length > 0
        ? t('editor.tabs.leftOut', { count: leftOut.length, max: EDITOR_MAX_FILES, names: fileNameList(leftOut) })
        : refused
          ? messageText({ code: refused })
          : null,
    );
    if (accepted.length === 0) return;
    const opened = accepted.map((file) => newTab(newId(), file, URL.createObjectURL(file)));
    tabsDispatch({ type: 'open', tabs: opened });
    setActiveId(opened[0].id);
    setSelectedId(null);
    for (const tab of opened) {
      uploadFile(tab.file, tool.id, () => undefined).promise.then(
        ({ token }) => tabsDispatch({ type: 'uploaded', id: tab.id, token }),
        (e: unknown) => tabsDispatch({ type: 'uploadFailed', id: tab.id, error: e instanceof Error && 'userMessage' in e ? (e.userMessage as FlowMessage) : { code: 'UPLOAD_FAILED' } }),
      );
    }
  };

  // The files chosen before the workspace loaded open once (strict mode runs a mount's effects twice).
  const pending = useRef(initialFiles);
  useEffect(() => {
    const files = pending.current;
    pending.current = [];
    if (files.length > 0) open(files);
  }, []);

  const closeTab = (tab: EditorTab) => {
    setClosing(null);
    setNotice(null);
    URL.revokeObjectURL(tab.url);
    scrolls.current.delete(tab.id);
    const at = tabs.indexOf(tab);
    const rest = tabs.filter((other) => other !== tab);
    if (tab.id === active?.id) setActiveId(rest[Math.min(at, rest.length - 1)]?.id ?? null);
    setSelectedId(null);
    tabsDispatch({ type: 'close', id: tab.id });
  };
  // Closing a tab loses its edits: it asks first when there are any.
  const askClose = (id: string) => {
    const tab = tabs.find((other) => other.id === id);
    if (tab) (editCount(tab) > 0 ? setClosing : closeTab)(tab);
  };
  const activate = (id: string) => {
    setActiveId(id);
    setSelectedId(null);
  };

  // The pages fit the workspace's width (a phone shows the whole width) until the user zooms that tab.
  useEffect(() => {
    const el = scroller.current;
    if (pdf.status !== 'ready' || !el || !activeTabId) return;
    const widest = Math.max(...pdf.pages.map((p) => p.width));
    const fit = () => tabsDispatch({ type: 'fit', id: activeTabId, zoom: Math.min(1.5, (el.clientWidth - 24) / widest) });
    fit();
    const observer = new ResizeObserver(fit);
    observer.observe(el);
    return () => observer.disconnect();
  }, [pdf, activeTabId]);

  // A zoom keeps the point under the pointer (or the fingers, or the middle of the view) where it is.
  const anchor = useRef<ZoomAnchor | null>(null);
  const zoomAt = useCallback(
    (by: number, clientX?: number, clientY?: number) => {
      const el = scroller.current;
      if (!el || !activeTabId) return;
      const box = el.getBoundingClientRect();
      const x = clientX ?? box.left + box.width / 2;
      const y = clientY ?? box.top + box.height / 2;
      const distance = (p: HTMLElement) => {
        const r = p.getBoundingClientRect();
        return y < r.top ? r.top - y : y > r.bottom ? y - r.bottom : 0;
      };
      const under = [...el.querySelectorAll<HTMLElement>('[data-page]')].sort((p, q) => distance(p) - distance(q))[0];
      if (under) {
        const r = under.getBoundingClientRect();
        anchor.current = { page: Number(under.dataset.page), fx: (x - r.left) / r.width, fy: (y - r.top) / r.height, x, y };
      }
      tabsDispatch({ type: 'zoom', id: activeTabId, by });
    },
    [activeTabId],
  );
  useLayoutEffect(() => {
    const at = anchor.current;
    const page = at && scroller.current?.querySelector(`[data-page="${at.page}"]`);
    anchor.current = null;
    if (!at || !page) return;
    const r = page.getBoundingClientRect();
    scroller.current!.scrollLeft += r.left + at.fx * r.width - at.x;
    scroller.current!.scrollTop += r.top + at.fy * r.height - at.y;
  }, [zoom]);
  const zoomBy = useCallback((factor: number) => zoomAt(factor), [zoomAt]);

  // Ctrl+wheel (and a trackpad's pinch, which browsers send as one) and a two-finger pinch zoom the pages, not the site.
  useEffect(() => {
    const el = scroller.current;
    if (!el) return;
    const onWheel = (e: WheelEvent) => {
      if (!e.ctrlKey) return;
      e.preventDefault();
      zoomAt(e.deltaY < 0 ? 1.1 : 1 / 1.1, e.clientX, e.clientY);
    };
    const spread = (t: TouchList) => Math.hypot(t[0].clientX - t[1].clientX, t[0].clientY - t[1].clientY);
    let last = 0;
    const onTouchStart = (e: TouchEvent) => {
      if (e.touches.length === 2) last = spread(e.touches);
    };
    const onTouchMove = (e: TouchEvent) => {
      if (e.touches.length !== 2 || !last) return;
      e.preventDefault();
      const now = spread(e.touches);
      // Small changes wait: each zoom redraws the pages near the view.
      if (Math.abs(now / last - 1) < 0.03) return;
      zoomAt(now / last, (e.touches[0].clientX + e.touches[1].clientX) / 2, (e.touches[0].clientY + e.touches[1].clientY) / 2);
      last = now;
    };
    const onTouchEnd = (e: TouchEvent) => {
      if (e.touches.length < 2) last = 0;
    };
    el.addEventListener('wheel', onWheel, { passive: false });
    el.addEventListener('touchstart', onTouchStart, { passive: true });
    el.addEventListener('touchmove', onTouchMove, { passive: false });
    el.addEventListener('touchend', onTouchEnd);
    el.addEventListener('touchcancel', onTouchEnd);
    return () => {
      el.removeEventListener('wheel', onWheel);
      el.removeEventListener('touchstart', onTouchStart);
      el.removeEventListener('touchmove', onTouchMove);
      el.removeEventListener('touchend', onTouchEnd);
      el.removeEventListener('touchcancel', onTouchEnd);
    };
  }, [zoomAt, pdf.status]);

  // Each tab keeps where its pages were scrolled to, and finds it again when it comes back.
  const scrolls = useRef(new Map<string, [number, number]>());
  const onScroll = () => {
    const el = scroller.current;
    if (!el) return;
    if (activeTabId) scrolls.current.set(activeTabId, [el.scrollLeft, el.scrollTop]);
    const top = el.getBoundingClientRect().top + 40;
    const pages = [...el.querySelectorAll<HTMLElement>('[data-page]')];
    const current = pages.findLast((p) => p.getBoundingClientRect().top <= top) ?? pages[0];
    if (current) setCurrentPage(Number(current.dataset.page));
  };
  const ready = pdf.status === 'ready';
  useLayoutEffect(() => {
    const el = scroller.current;
    if (!el || !ready || !activeTabId) return;
    const [left, top] = scrolls.current.get(activeTabId) ?? [0, 0];
    el.scrollTo(left, top);
    onScroll();
    // Only on a tab's arrival: the scroll handler keeps the position from then on.
  }, [activeTabId, ready]);
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
  }, [selectedId, dispatch]);
  const keys = useMemo(() => ({ undo: () => dispatch({ type: 'undo' }), redo: () => dispatch({ type: 'redo' }), remove, deselect: () => setSelectedId(null) }), [remove, dispatch]);
  useEditorKeys(keys, phase === 'select' && signing === null);

  const pageAspect = (page: number) => (pdf.status === 'ready' ? pdf.pages[page - 1].width / pdf.pages[page - 1].height : 0.77);

  const place = (page: number, rect: Rect, extra: { points?: Point[]; from: Point; to: Point; lines: readonly TextLine[]; flip: boolean }) => {
    if (toolName === 'ink') {
      add({ id: newId(), op: { type: 'ink', page, rect, strokes: [extra.points ?? []], color: style.stroke, width: style.width } }, true);
      return;
    }
    if (toolName === 'highlight' || toolName === 'underline' || toolName === 'strikeout') {
      const rects = selectedLineRects(extra.lines, extra.from, extra.to);
      add({ id: newId(), op: { type: toolName, page, rect: boundsOf(rects), rects, color: toolName === 'highlight' ? style.markColor : style.stroke } }, true);
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

  // A form field's value is one object per field name: changing it again updates it, so undo steps back through the values.
  const fieldValues = useMemo(() => new Map(doc.objects.flatMap(({ op }) => (op.type === 'field' && !Array.isArray(op.value) ? [[op.name, op.value] as const] : []))), [doc.objects]);
  const fillField = (page: number, field: PdfField, value: FieldValue) => {
    const existing = doc.objects.find((o) => o.op.type === 'field' && o.op.name === field.name);
    if (existing) dispatch({ type: 'update', id: existing.id, patch: { value } });
    else dispatch({ type: 'add', object: { id: newId(), op: { type: 'field', page, rect: field.rect, name: field.name, value } } });
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

  const mayUse = useProGate();
  const chooseTool = (name: ToolName) => {
    if (!mayUse(name)) return;
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

  // Apply runs one task per edited file, each with its own token and operations, as a batch of the tool flow does.
  const edited = tabs.filter((tab) => editCount(tab) > 0);
  const canApply = edited.length > 0 && edited.every((tab) => tab.token) && uploads === 0;
  const apply = () => {
    if (!canApply) return;
    setSelectedId(null);
    if (edited.length === 1) {
      void run(requestOf(tool.id, edited[0], flatten, seal));
      return;
    }
    const items: FileItem[] = edited.map((tab) => ({ uid: tab.id, name: tab.file.name, size: tab.file.size, raw: tab.file, objectURL: tab.url, status: 'ready', progress: 0, fileNameToken: tab.token }));
    flowDispatch({ type: 'add', items });
    void runAll(edited.map((tab) => ({ uid: tab.id, request: requestOf(tool.id, tab, flatten, seal) })));
  };
  const retryTab = (uid: string) => {
    const tab = tabs.find((other) => other.id === uid);
    if (tab) rerunTab({ uid, request: requestOf(tool.id, tab, flatten, seal) });
  };

  const startOver = () => {
    cancel();
    cancelBatch();
    tabs.forEach((tab) => URL.revokeObjectURL(tab.url));
    scrolls.current.clear();
    tabsDispatch({ type: 'reset' });
    setActiveId(null);
    flowDispatch({ type: 'reset' });
    setSelectedId(null);
    setDownloaded(false);
    setDelivered(null);
  };

  const downloadRequest = () => ({ pending: { count: Math.max(1, edited.length), tokens: edited.map((tab) => tab.token).join(';') }, onSaved: () => setDownloaded(true) });
  const onDownload = (event: MouseEvent<HTMLAnchorElement>) => onDownloadClick(event, downloadRequest());

  // Apply and download is one click: the file downloads as soon as its task is done, and the
  // workspace stays open on the same edits, with a line that offers the file again.
  const result = phase === 'done' ? flow.task.result : undefined;
  useEffect(() => {
    const url = result && (result.fileurl ?? result.pdfurl);
    if (!result || !url) return;
    setDownloaded(false);
    setDelivered({ result, docs: new Map(edited.map((tab) => [tab.id, tab.history.present])) });
    flowDispatch({ type: 'reset' });
    void download(url, downloadRequest());
    // Once per result.
  }, [result]);
  const deliveredUrl = delivered && (delivered.result.fileurl ?? delivered.result.pdfurl);

  // A PDF dropped anywhere on the workspace opens as a tab, rather than replacing the page (and the work) in the browser.
  const carriesFiles = (e: DragEvent) => e.dataTransfer.types.includes('Files');
  const onDragOver = (e: DragEvent) => {
    if (carriesFiles(e)) e.preventDefault();
  };
  const onDrop = (e: DragEvent) => {
    if (!carriesFiles(e)) return;
    e.preventDefault();
    open([...e.dataTransfer.files]);
  };

  if (phase === 'failed') return <FailureView error={flow.task.error} onRetry={apply} onStartOver={startOver} />;
  if (phase === 'batch') return <BatchView files={flow.files} options={undefined} showSaving={false} onRetry={retryTab} onDownload={onDownload} onStartOver={startOver} />;

  if (!active) return <EditorDropzone notice={notice} onFiles={open} />;

  return (
    <section className="editor" aria-label={t('editor.label')} onDragOver={onDragOver} onDrop={onDrop}>
      <TabStrip
        tabs={tabs.map((tab) => ({ id: tab.id, name: tab.file.name, edited: editCount(tab) > 0 }))}
        active={active.id}
        panelId={panelId}
        onActivate={activate}
        onClose={askClose}
        onAdd={open}
      />
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
      {active.error && (
        <p className="notice" role="alert">
          {messageText(active.error)}
        </p>
      )}
      {delivered && deliveredUrl && (
        <div className="editor__delivered" role="status">
          <DownloadIcon width={18} height={18} />
          <p>
            {t('editor.apply.downloaded')}{' '}
            <a href={deliveredUrl} download onClick={onDownload}>
              {t('editor.apply.again')}
            </a>
          </p>
          {delivered.result.notice && <p>{t(`notices.${delivered.result.notice}`)}</p>}
          <button type="button" className="editor__delivered-close" onClick={() => setDelivered(null)} aria-label={t('editor.apply.dismiss')}>
            ×
          </button>
        </div>
      )}
      <p className="editor__hint" role="status">
        {t(`editor.hints.${toolName}`)}
      </p>
      <div className="editor__body" role="tabpanel" id={panelId} aria-labelledby={tabDomId(active.id)}>
        {pdf.status === 'ready' && <Thumbnails pages={pdf.pages} isDeleted={(n) => isDeleted(doc, n)} rotationOf={(n) => rotationOf(doc, n)} onGo={goTo} />}
        {/* Focusable, so the keyboard scrolls the pages too. */}
        <div className="editor__pages" ref={scroller} onScroll={onScroll} tabIndex={0} role="region" aria-label={t('editor.page.scroller', { name: active.file.name })}>
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
                fieldValues={fieldValues}
                onField={fillField}
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
            {tool.id === 'sign-pdf' && <SealOption checked={seal} onChange={setSeal} />}
            {active && <SignedNotice file={active.file} history={active.history} flatten={flatten} />}
            <button type="button" className="button button--primary" onClick={apply} disabled={!canApply}>
              {edited.length > 1 ? t('editor.apply.many', { count: edited.length }) : t('editor.apply.button')}
            </button>
            {!active.token && !active.error && <p className="editor__status">{t('editor.apply.uploading')}</p>}
          </div>
        </aside>
      </div>
      {closing && (
        <ConfirmDialog
          title={t('editor.tabs.closeTitle', { name: closing.file.name })}
          text={t('editor.tabs.closeText')}
          confirmLabel={t('editor.tabs.closeConfirm')}
          cancelLabel={t('editor.tabs.closeCancel')}
          danger
          busy={false}
          onConfirm={() => closeTab(closing)}
          onCancel={() => setClosing(null)}
        />
      )}
      {phase === 'processing' && (
        <div className="editor-dialog__backdrop">
          <ProgressView progress={flow.task.progress} busySeconds={flow.task.busySeconds} />
        </div>
      )}
      {signing !== null && <SignatureDialog onDone={signed} onCancel={() => setSigning(null)} uploadImage={(file) => uploadPicture(tool.id, file)} />}
    </section>
  );
}

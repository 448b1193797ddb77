import { useCallback, useEffect, useId, useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AiCitation, AiDocumentView, AiMessageView } from '#shared/ai/api';
import { ERRORS, type ErrorCode } from '#shared/errors';
import { aiApi } from '~/lib/ai-api';
import type { FlowMessage } from '~/lib/api-client';
import { useLocalize } from '~/lib/i18n';
import { useMessageText } from '~/lib/messages';
import { useAuthActions } from '~/stores/auth-provider';
import { ProgressBar } from '../tool-flow/progress-bar';
import { Conversation } from './conversation';
import { DocumentList } from './document-list';
import { MindMapDialog } from './mind-map-dialog';
import { ImageViewer, PdfViewer, type ViewerFocus } from './pdf-viewer';
import { TranslateDialog } from './translate-dialog';
import { useAiConfig, useGenerativeAi } from './use-ai-config';
import { useAsk } from './use-ask';
import { useDocuments } from './use-documents';

/** How often a document being read is asked for its progress. */
const POLL_MS = 1500;
/** How much of the conversation is shown when it opens. */
const HISTORY_SIZE = 100;

/** Why a document could not be read: its catalogue code (AI_NO_TEXT…) when it names one. */
const failureOf = (doc: AiDocumentView): FlowMessage =>
  doc.errorCode && doc.errorCode in ERRORS ? { code: doc.errorCode as ErrorCode } : doc.message ? { text: doc.message } : { code: 'INTERNAL' };

type DocState = { status: 'loading' } | { status: 'missing' } | { status: 'ok'; doc: AiDocumentView };
const TABS = ['viewer', 'chat'] as const;
type Tab = (typeof TABS)[number];

/** One document, asked for again every POLL_MS while it is being read. */
function useDocument(documentId: string) {
  const { callContext } = useAuthActions();
  const [state, setState] = useState<DocState>({ status: 'loading' });
  useEffect(() => {
    let live = true;
    let timer: ReturnType<typeof setTimeout> | undefined;
    setState({ status: 'loading' });
    const poll = () =>
      aiApi.document(callContext(), documentId).then(
        (doc) => {
          if (!live) return;
          setState({ status: 'ok', doc });
          if (doc.status === 'indexing') timer = setTimeout(poll, POLL_MS);
        },
        () => live && setState({ status: 'missing' }),
      );
    void poll();
    return () => {
      live = false;
      clearTimeout(timer);
    };
  }, [callContext, documentId]);
  return state;
}

/** While a document is read: how far, and that pages without a text layer go through OCR. */
function IndexingStatus({ doc }: { doc: AiDocumentView }) {
  const { t } = useTranslation();
  return (
    <div className="ai-indexing" role="status">
      <p className="ai-indexing__title">{t('aiPdf.indexing.title')}</p>
      <ProgressBar value={doc.progress / 100} label={t('aiPdf.indexing.label')} />
      <p className="ai-indexing__progress">{t('aiPdf.indexing.progress', { progress: doc.progress })}</p>
      {doc.ocrPages > 0 && <p className="ai-indexing__ocr">{t('aiPdf.indexing.ocr', { count: doc.ocrPages })}</p>}
    </div>
  );
}

interface ActionsProps {
  doc: AiDocumentView;
  busy: boolean;
  selection: string;
  onSummarize: () => void;
  onExplain: () => void;
  onMindMap: () => void;
  onTranslate: () => void;
}

function DocumentActions({ doc, busy, selection, onSummarize, onExplain, onMindMap, onTranslate }: ActionsProps) {
  const { t } = useTranslation();
  const ready = doc.status === 'ready';
  return (
    <div className="ai-actions" role="toolbar" aria-label={t('aiPdf.actions.label')}>
      <button type="button" className="button button--secondary button--small" disabled={!ready || busy} onClick={onSummarize}>
        {t('aiPdf.actions.summarize')}
      </button>
      <button
        type="button"
        className="button button--secondary button--small"
        disabled={!ready || busy}
        // Keeps the selection in the viewer when the button is pressed with a pointer.
        onMouseDown={(e) => e.preventDefault()}
        onClick={onExplain}
        aria-label={selection ? t('aiPdf.actions.explainSelection') : undefined}
      >
        {t('aiPdf.actions.explain')}
      </button>
      <button type="button" className="button button--secondary button--small" disabled={!ready} onClick={onMindMap}>
        {t('aiPdf.actions.mindMap')}
      </button>
      <button type="button" className="button button--secondary button--small" disabled={!ready} onClick={onTranslate}>
        {t('aiPdf.actions.translate')}
      </button>
    </div>
  );
}

/**
 * /ai-pdf/chat/{id}: the requester's documents at the side, the document beside its conversation
 * (two tabs on a phone), the reading progress while it is indexed, and the document's actions.
 */
export function ChatWorkspace({ documentId }: { documentId: string }) {
  const { t } = useTranslation();
  const { callContext } = useAuthActions();
  const navigate = useNavigate();
  const localize = useLocalize();
  const messageText = useMessageText();
  const generative = useGenerativeAi(useAiConfig());
  const { documents, reload } = useDocuments();
  const state = useDocument(documentId);
  const doc = state.status === 'ok' ? state.doc : undefined;
  const [history, setHistory] = useState<AiMessageView[]>();
  const { entries, busy, ask, stop, refuse } = useAsk(documentId, history);
  const [focus, setFocus] = useState<ViewerFocus>();
  const [selection, setSelection] = useState('');
  const [tab, setTab] = useState<Tab>('chat');
  const [sideOpen, setSideOpen] = useState(false);
  const [mindMapOpen, setMindMapOpen] = useState(false);
  const [translateOpen, setTranslateOpen] = useState(false);
  const [hint, setHint] = useState('');
  const tabsId = useId();

  const ready = doc?.status === 'ready';
  useEffect(() => {
    if (!ready) return;
    let live = true;
    aiApi.messages(callContext(), documentId, HISTORY_SIZE).then(
      (found) => live && setHistory(found),
      () => live && setHistory([]),
    );
    // The side list shows the new status too.
    void reload();
    return () => {
      live = false;
    };
  }, [ready, callContext, documentId, reload]);

  const showPage = useCallback((page: number, quote?: string) => {
    setTab('viewer');
    setFocus({ page, quote, nonce: Date.now() });
  }, []);
  const onCite = useCallback((citation: AiCitation) => showPage(citation.page, citation.quote), [showPage]);

  const onDelete = async (id: string) => {
    await aiApi.remove(callContext(), id);
    const rest = documents.filter((d) => d.documentId !== id);
    await reload();
    if (id !== documentId) return;
    navigate(localize(rest[0] ? `/ai-pdf/chat/${rest[0].documentId}` : '/ai-pdf'), { replace: true });
  };

  // The tabs' keys: arrows move between the two, the chosen one takes the focus.
  const onTabKey = (e: KeyboardEvent<HTMLDivElement>) => {
    if (e.key !== 'ArrowLeft' && e.key !== 'ArrowRight') return;
    const next = TABS[(TABS.indexOf(tab) + 1) % TABS.length]!;
    setTab(next);
    document.getElementById(`${tabsId}-${next}`)?.focus();
  };

  const summarize = () => void ask(t('aiPdf.actions.summarizeQuestion'), 'summarize');
  const explain = () => {
    if (!selection) {
      setHint(t('aiPdf.actions.explainHint'));
      return;
    }
    setHint('');
    setTab('chat');
    if (!generative) refuse(selection, 'explain', { code: 'AI_NOT_CONFIGURED' });
    else void ask(selection, 'explain');
  };

  return (
    <div className="ai-workspace" data-tab={tab} data-side={sideOpen ? 'open' : undefined}>
      <h1 className="visually-hidden">{t('aiPdf.chat.title')}</h1>
      <aside className="ai-side" aria-label={t('aiPdf.docs.label')}>
        <Link className="button button--primary button--small ai-side__new" to={localize('/ai-pdf')}>
          {t('aiPdf.docs.new')}
        </Link>
        <DocumentList documents={documents} currentId={documentId} onDelete={onDelete} />
      </aside>
      <div className="ai-main">
        <div className="ai-bar">
          <button type="button" className="button button--secondary button--small ai-bar__docs" aria-expanded={sideOpen} onClick={() => setSideOpen((open) => !open)}>
            {t('aiPdf.docs.show')}
          </button>
          <p className="ai-bar__title">{doc?.title}</p>
          {doc && <DocumentActions doc={doc} busy={busy} selection={selection} onSummarize={summarize} onExplain={explain} onMindMap={() => setMindMapOpen(true)} onTranslate={() => setTranslateOpen(true)} />}
        </div>
        {hint && (
          <p className="ai-hint" role="status">
            {hint}
          </p>
        )}
        <div className="ai-tabs" role="tablist" aria-label={t('aiPdf.tabs.label')} onKeyDown={onTabKey}>
          {TABS.map((name) => (
            <button
              key={name}
              type="button"
              role="tab"
              id={`${tabsId}-${name}`}
              aria-controls={`${tabsId}-${name}-pane`}
              aria-selected={tab === name}
              tabIndex={tab === name ? 0 : -1}
              className="ai-tabs__tab"
              onClick={() => setTab(name)}
            >
              {t(`aiPdf.tabs.${name}`)}
            </button>
          ))}
        </div>
        {state.status === 'loading' && <p className="ai-note">{t('aiPdf.chat.loading')}</p>}
        {state.status === 'missing' && (
          <div className="ai-note" role="alert">
            <p>{t('aiPdf.chat.missing')}</p>
            <Link className="button button--primary" to={localize('/ai-pdf')}>
              {t('aiPdf.chat.back')}
            </Link>
          </div>
        )}
        {doc && (
          <div className="ai-panes">
            <div className="ai-pane ai-pane--viewer" id={`${tabsId}-viewer-pane`} role="tabpanel" aria-labelledby={`${tabsId}-viewer`}>
              {doc.kind === 'image' ? <ImageViewer url={doc.fileUrl} focus={focus} /> : <PdfViewer url={doc.fileUrl} focus={focus} onSelect={setSelection} />}
            </div>
            <div className="ai-pane ai-pane--chat" id={`${tabsId}-chat-pane`} role="tabpanel" aria-labelledby={`${tabsId}-chat`}>
              {doc.status === 'indexing' && <IndexingStatus doc={doc} />}
              {doc.status === 'failed' && (
                <p className="ai-error" role="alert">
                  {messageText(failureOf(doc))}
                </p>
              )}
              {doc.status === 'ready' && doc.ocrPages > 0 && <p className="ai-note ai-note--small">{t('aiPdf.indexing.ocrDone', { count: doc.ocrPages })}</p>}
              <Conversation
                entries={entries}
                busy={busy}
                onAsk={(question) => void ask(question, 'chat')}
                onStop={stop}
                onCite={onCite}
                suggestions={doc.suggestedQuestions}
                disabled={doc.status !== 'ready'}
                label={t('aiPdf.ask.label')}
                placeholder={t('aiPdf.ask.placeholder')}
              />
            </div>
          </div>
        )}
      </div>
      {translateOpen && doc && <TranslateDialog documentId={doc.documentId} title={doc.title} onClose={() => setTranslateOpen(false)} />}
      {mindMapOpen && doc && (
        <MindMapDialog
          documentId={doc.documentId}
          title={doc.title}
          onClose={() => setMindMapOpen(false)}
          onPage={(page) => {
            setMindMapOpen(false);
            showPage(page);
          }}
        />
      )}
    </div>
  );
}

/**
 * No zod here: the browser loads this module on every page, and a schema built there would make zod
 * probe for eval, which the Content-Security-Policy refuses. Request schemas live beside their routes.
 *
 * The AI assistant's calls (DESIGN.md: the spec's `dhjai/*` names under /api) and what they answer.
 * Success is `{ code: 0, data }`; errors come from the catalogue (AI_FILE_LIMIT is the spec's 1506).
 */
export const AI_PATHS = {
  /** Multipart `file` (a PDF, or an image for chat with image) → the upload answer (token). */
  uploadAiPdf: '/api/miaohui/file/uploadAiPdf',
  /** `{ token }` → `{ documentId, title }`; starts indexing. */
  addFile: '/api/dhjai/addFile',
  /** → AiDocumentView[] of the requester, newest first. */
  getDocumentList: '/api/dhjai/getDocumentList',
  /** `?token=` → `{ documentId, title }` of the requester's document made from that upload. */
  getTitle: '/api/dhjai/getTitle',
  /** `?documentId=` → AiDocumentView (polled while indexing). */
  getDocument: '/api/dhjai/getDocument',
  /** `?documentId=&pageSize=` → AiMessageView[] (oldest first, the last pageSize). */
  getDocumentListAsk: '/api/dhjai/getDocumentListAsk',
  /** `?documentId=` → deletes the document, its file, chunks and conversation. */
  del: '/api/dhjai/del',
  /** AskRequest → Server-Sent Events (AskEvent), or with `Accept: application/json` `{ code: 0, data: AskAnswer }`. */
  ask: '/api/dhjai/stream/ask',
  /** `?documentId=` → `{ markdown }`: the mind map's Markdown (headings, `[p. N](#page=N)` links). */
  mindMap: '/api/dhjai/mindMap',
  /** → AiConfigView: what this server can do and the requester's plan and usage. */
  config: '/api/dhjai/config',
  /** `{ documentId, language }` → the tool pipeline's task answer (translate-pdf). */
  translate: '/api/dhjai/translate',
  /** `?documentId=` → the document's own copy, for the viewer (owner only). */
  file: '/api/dhjai/file',
} as const;

/** The most messages one read of a conversation answers. */
export const AI_CONVERSATION_MAX_PAGE = 200;

export type AiDocumentStatus = 'indexing' | 'ready' | 'failed';
export type AiDocumentKind = 'pdf' | 'image';

export interface AiHeading {
  level: number;
  title: string;
  page: number;
}

export interface AiDocumentView {
  documentId: string;
  title: string;
  kind: AiDocumentKind;
  pages: number | null;
  size: number;
  status: AiDocumentStatus;
  /** 0..100 */
  progress: number;
  /** Catalogue code when failed (AI_NO_TEXT for a PDF with no readable text). */
  errorCode?: string;
  message?: string;
  /** Pages read by OCR (no text layer). */
  ocrPages: number;
  /** Where the PDF is read from by the viewer (the document's own copy, owner only). */
  fileUrl: string;
  /** Suggested questions from the outline and headings (empty until ready). */
  suggestedQuestions: string[];
  outline: AiHeading[];
  createdAt: string;
}

/** A page citation: the physical page (1-based) and the passage quoted from it. */
export interface AiCitation {
  page: number;
  quote: string;
}

/** 'document': passages quoted from the PDF; 'generative': written by the configured model. */
export type AnswerSource = 'document' | 'generative';

export const ASK_MODES = ['chat', 'summarize', 'explain', 'general'] as const;
export type AskMode = (typeof ASK_MODES)[number];

/** The body of stream/ask (validated at the api's edge: ZAskRequest beside its route). */
export interface AskRequest {
  /** Absent for general chat. */
  documentId?: string;
  question: string;
  mode: AskMode;
}

/** One Server-Sent Event of an answer, in this order: delta*, citations, done (or error). */
export type AskEvent =
  | { type: 'delta'; text: string }
  | { type: 'citations'; citations: AiCitation[] }
  | {
      type: 'done';
      messageId: string | null;
      source: AnswerSource;
      found: boolean;
      /** The answer as stored, sent only when it differs from the deltas joined: generative mode takes out the markers of dropped citations. */
      answer?: string;
    }
  | { type: 'error'; code: string; message: string };

/** The whole answer at once (Accept: application/json). */
export interface AskAnswer {
  messageId: string | null;
  answer: string;
  citations: AiCitation[];
  source: AnswerSource;
  found: boolean;
}

export interface AiMessageView {
  id: string;
  role: 'user' | 'assistant';
  mode: AskMode;
  content: string;
  citations: AiCitation[];
  source: AnswerSource | null;
  found: boolean | null;
  createdAt: string;
}

export interface AiConfigView {
  /** A model is configured: translate, explain and general chat work, answers are written. */
  generative: boolean;
  /** Images go to a vision model too (chat with image). */
  vision: boolean;
  limits: AiLimits;
  usage: { files: number; questionsToday: number };
}

/** The requester's AI limits on this server; null means unlimited. Pages are always bounded (AI_MAX_PAGES). */
export interface AiLimits {
  files: number | null;
  questionsPerDay: number | null;
  maxMb: number;
  maxPages: number;
}

/** A plan's AI limits as the spec's table states them: its pages may be unlimited (null), before the server's own bound. */
export type AiPlanLimits = Omit<AiLimits, 'maxPages'> & { maxPages: number | null };

/** The spec's Free vs Unlimited table (the 'Upgrade AI Plan' popup shows the same figures). */
export const AI_FREE_LIMITS: AiPlanLimits = { files: 10, questionsPerDay: 20, maxMb: 100, maxPages: 100 };
export const AI_UNLIMITED_LIMITS: AiPlanLimits = { files: null, questionsPerDay: null, maxMb: 1024, maxPages: null };

/**
 * A plan's limits on a server that reads at most `serverMaxPages` pages of a document (AI_MAX_PAGES):
 * even the unlimited plan stops there, so one document can never hold an indexing slot for long.
 */
export function aiLimitsOn(plan: AiPlanLimits, serverMaxPages: number): AiLimits {
  return { ...plan, maxPages: Math.min(plan.maxPages ?? serverMaxPages, serverMaxPages) };
}

/**
 * The limits of everyone without the AI plan: the Free table; without billing nobody could lift them,
 * so there are none (like the daily conversions and the Pro features) but the server's upload size
 * and its pages per document.
 */
export function baseAiLimits(billingConfigured: boolean, maxUploadMb: number, serverMaxPages: number): AiLimits {
  return aiLimitsOn(billingConfigured ? AI_FREE_LIMITS : { ...AI_UNLIMITED_LIMITS, maxMb: maxUploadMb }, serverMaxPages);
}

/** Languages a PDF can be translated into (BCP 47). */
export const TRANSLATE_LANGUAGES = ['en', 'fr', 'de', 'es', 'it', 'pt', 'nl', 'pl', 'ru', 'ar', 'he', 'hi', 'ja', 'ko', 'zh'] as const;
export type TranslateLanguage = (typeof TRANSLATE_LANGUAGES)[number];

import { z } from 'zod';
import { AI_CONVERSATION_MAX_PAGE, AI_FREE_LIMITS, AI_PATHS, AI_UNLIMITED_LIMITS, ASK_MODES, TRANSLATE_LANGUAGES, type AskRequest } from '../ai/api';
import { ZConversionRequestBase } from '../conversion-request';
import { ZAiConfig, ZAiDocument, ZAiMessages, ZAskAnswer, ZTaskAnswer, ZUploadAnswer } from './answers';
import { area, envelope } from './endpoint';
import { uploadExample } from './files';

const ZDocumentId = z.string().regex(/^[A-Za-z0-9_-]{6,64}$/);
const ZToken = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const ZAddFile = z.object({ token: ZToken });

export const ZTokenQuery = z.object({ token: ZToken });

export const ZDocumentQuery = z.object({ documentId: ZDocumentId });

export const ZAskRequest = z.object({
  /** Absent for general chat. */
  documentId: z.string().min(6).max(64).optional(),
  question: z.string().trim().min(1).max(4000),
  mode: z.enum(ASK_MODES).default('chat'),
}) satisfies z.ZodType<AskRequest>;

export const ZConversationQuery = z.object({
  documentId: z.string().min(6).max(64),
  pageSize: z.coerce.number().int().min(1).max(AI_CONVERSATION_MAX_PAGE).optional(),
});

export const ZTranslateRequest = z.object({
  documentId: z.string().min(6).max(64),
  language: z.enum(TRANSLATE_LANGUAGES),
  webhookUrl: ZConversionRequestBase.shape.webhookUrl,
});

const ZTitle = z.object({ documentId: z.string(), title: z.string() });

/** The AI assistant (issue 19): its documents, questions, conversation, translation. */
export const AI = area('AI assistant', 'Chat with a PDF: upload, add as a document (indexed), ask (streamed or whole), translate.', {
  uploadAiPdf: {
    method: 'post',
    path: AI_PATHS.uploadAiPdf,
    summary: 'Upload a PDF or a picture for the assistant',
    description: `Multipart \`file\`, up to the plan's AI size (Free ${AI_FREE_LIMITS.maxMb} MB, AI plan ${AI_UNLIMITED_LIMITS.maxMb} MB) whatever the general upload limit.`,
    access: 'visitor',
    lane: 'upload',
    upload: {
      fields: z.object({}),
      cap: 'ai-plan',
      schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
    },
    answer: { description: 'As an upload answers', schema: ZUploadAnswer, example: uploadExample, rateLimited: true },
    errors: ['FILE_EMPTY', 'FILE_TOO_LARGE', 'UNSUPPORTED_TYPE', 'SINGLE_FILE_ONLY', 'UPLOAD_FAILED'],
  },
  addFile: {
    method: 'post',
    path: AI_PATHS.addFile,
    summary: 'Make a document of an upload',
    description: 'Starts its indexing; poll getDocument until ready.',
    access: 'visitor',
    body: ZAddFile,
    requestExample: { token: uploadExample.token },
    answer: { description: 'data: { documentId, title }', schema: envelope(ZTitle) },
    errors: ['AI_FILE_LIMIT', 'NOT_FOUND', 'AI_PAGE_LIMIT', 'FILE_TOO_LARGE', 'PDF_ENCRYPTED', 'PDF_DAMAGED'],
  },
  getDocumentList: {
    method: 'get',
    path: AI_PATHS.getDocumentList,
    summary: 'Your documents',
    description: 'Newest first.',
    access: 'visitor',
    answer: { description: 'data: AiDocumentView[]', schema: envelope(z.array(ZAiDocument)) },
  },
  getTitle: {
    method: 'get',
    path: AI_PATHS.getTitle,
    summary: 'The document made from an upload',
    access: 'visitor',
    query: ZTokenQuery,
    answer: { description: 'data: { documentId, title }', schema: envelope(ZTitle) },
    errors: ['NOT_FOUND'],
  },
  getDocument: {
    method: 'get',
    path: AI_PATHS.getDocument,
    summary: 'A document',
    description: 'status indexing → ready, or failed with errorCode; progress 0..100; its outline and suggested questions.',
    access: 'visitor',
    query: ZDocumentQuery,
    answer: { description: 'data: AiDocumentView', schema: envelope(ZAiDocument) },
    errors: ['NOT_FOUND'],
  },
  deleteDocument: {
    method: 'post',
    path: AI_PATHS.del,
    summary: 'Delete a document',
    description: 'Its file, passages and conversation too.',
    access: 'visitor',
    query: ZDocumentQuery,
    answer: { description: 'data: null', schema: envelope(z.null()) },
    errors: ['NOT_FOUND'],
  },
  mindMap: {
    method: 'get',
    path: AI_PATHS.mindMap,
    summary: "A document's mind map",
    description: 'Markdown headings linked to their pages ([p. N](#page=N)), for markmap.',
    access: 'visitor',
    query: ZDocumentQuery,
    answer: { description: 'data: { markdown }', schema: envelope(z.object({ markdown: z.string() })) },
    errors: ['NOT_FOUND'],
  },
  aiConfig: {
    method: 'get',
    path: AI_PATHS.config,
    summary: "The assistant's configuration",
    description: "What this server can do, and the requester's limits and usage.",
    access: 'visitor',
    answer: { description: 'data: AiConfigView', schema: envelope(ZAiConfig) },
  },
  aiFile: {
    method: 'get',
    path: AI_PATHS.file,
    summary: "A document's file",
    description: 'Its owner only.',
    access: 'visitor',
    query: ZDocumentQuery,
    answer: { description: 'The PDF or picture', type: 'application/octet-stream' },
    errors: ['NOT_FOUND'],
  },
  ask: {
    method: 'post',
    path: AI_PATHS.ask,
    summary: 'Ask about a document',
    description:
      'mode chat, summarize, explain; general: no document. Server-Sent Events by default (`event: delta|citations|done|error`, data an AskEvent); ' +
      'with `Accept: application/json` the whole answer at once. Errors after the stream has started are an `error` event.',
    access: 'visitor',
    body: ZAskRequest,
    requestExample: { documentId: 'doc_4Kx9Qm', question: 'What is the notice period?', mode: 'chat' },
    answer: {
      description: 'The answer: streamed as Server-Sent Events, or whole as { code: 0, data: AskAnswer } with Accept: application/json',
      schema: envelope(ZAskAnswer),
      alsoAs: {
        'text/event-stream': {
          type: 'string',
          description:
            'event: delta ({ text }), then citations ({ citations: [{ page, quote }] }), then done ({ messageId, source, found, answer? }); or error ({ code, message })',
        },
      },
    },
    errors: ['AI_QUESTION_LIMIT', 'NOT_FOUND', 'AI_NOT_READY', 'AI_NOT_CONFIGURED', 'AI_UNAVAILABLE'],
  },
  getDocumentListAsk: {
    method: 'get',
    path: AI_PATHS.getDocumentListAsk,
    summary: "A document's conversation",
    description: 'Oldest first: the last pageSize messages (default 50).',
    access: 'visitor',
    query: ZConversationQuery,
    answer: { description: 'data: AiMessageView[]', schema: envelope(ZAiMessages) },
    errors: ['NOT_FOUND'],
  },
  translate: {
    method: 'post',
    path: AI_PATHS.translate,
    summary: 'Translate a document',
    description: 'A task like a transfer (follow it with transferProgress): its outputs are the translated PDF and the two-language PDF.',
    access: 'visitor',
    lane: 'transfer',
    body: ZTranslateRequest,
    requestExample: { documentId: 'doc_4Kx9Qm', language: 'fr' },
    answer: { description: 'The task, as a transfer answers', schema: ZTaskAnswer, rateLimited: true },
    errors: ['NOT_FOUND', 'AI_NOT_CONFIGURED', 'AI_QUESTION_LIMIT', 'TASKS_RUNNING'],
  },
});

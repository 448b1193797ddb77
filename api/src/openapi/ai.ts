import { z } from 'zod';
import { AI_FREE_LIMITS, AI_PATHS, AI_UNLIMITED_LIMITS } from '#shared/ai/api';
import { AI_FILE_PATH } from '../presenters/ai-presenter';
import { ZConversationQuery } from '../routes/ai/ask-router';
import { ZAddFile, ZAskRequest, ZDocumentQuery, ZTokenQuery } from '../routes/ai/schema';
import { ZTranslateRequest } from '../routes/ai/translate-router';
import { ZAiConfig, ZAiDocument, ZAiMessages, ZAskAnswer, ZTaskAnswer, ZUploadAnswer } from './answers';
import { envelope, type Area } from './build';
import { uploadExample } from './files';

const ZTitle = z.object({ documentId: z.string(), title: z.string() });

/** The AI assistant (issue 19): its documents, questions, conversation, translation. */
export function aiArea(): Area {
  return {
    tag: 'AI assistant',
    description: 'Chat with a PDF: upload, add as a document (indexed), ask (streamed or whole), translate.',
    paths: {
      [AI_PATHS.uploadAiPdf]: {
        post: {
          summary: 'Upload a PDF or a picture for the assistant',
          description: `Multipart \`file\`, up to the plan's AI size (Free ${AI_FREE_LIMITS.maxMb} MB, AI plan ${AI_UNLIMITED_LIMITS.maxMb} MB) whatever the general upload limit.`,
          access: 'visitor',
          multipart: true,
          body: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] },
          answer: { description: 'As an upload answers', schema: ZUploadAnswer, example: uploadExample },
          errors: ['FILE_EMPTY', 'FILE_TOO_LARGE', 'UNSUPPORTED_TYPE', 'SINGLE_FILE_ONLY', 'UPLOAD_FAILED'],
        },
      },
      [AI_PATHS.addFile]: {
        post: {
          summary: 'Make a document of an upload',
          description: 'Starts its indexing; poll getDocument until ready.',
          access: 'visitor',
          body: ZAddFile,
          requestExample: { token: uploadExample.token },
          answer: { description: 'data: { documentId, title }', schema: envelope(ZTitle) },
          errors: ['AI_FILE_LIMIT', 'NOT_FOUND', 'AI_PAGE_LIMIT', 'FILE_TOO_LARGE', 'PDF_ENCRYPTED', 'PDF_DAMAGED'],
        },
      },
      [AI_PATHS.getDocumentList]: {
        get: {
          summary: 'Your documents',
          description: 'Newest first.',
          access: 'visitor',
          answer: { description: 'data: AiDocumentView[]', schema: envelope(z.array(ZAiDocument)) },
        },
      },
      [AI_PATHS.getTitle]: {
        get: {
          summary: 'The document made from an upload',
          access: 'visitor',
          query: ZTokenQuery,
          answer: { description: 'data: { documentId, title }', schema: envelope(ZTitle) },
          errors: ['NOT_FOUND'],
        },
      },
      [AI_PATHS.getDocument]: {
        get: {
          summary: 'A document',
          description: 'status indexing → ready, or failed with errorCode; progress 0..100; its outline and suggested questions.',
          access: 'visitor',
          query: ZDocumentQuery,
          answer: { description: 'data: AiDocumentView', schema: envelope(ZAiDocument) },
          errors: ['NOT_FOUND'],
        },
      },
      [AI_PATHS.del]: {
        post: {
          summary: 'Delete a document',
          description: 'Its file, passages and conversation too.',
          access: 'visitor',
          query: ZDocumentQuery,
          answer: { description: 'data: null', schema: envelope(z.null()) },
          errors: ['NOT_FOUND'],
        },
      },
      [AI_PATHS.mindMap]: {
        get: {
          summary: "A document's mind map",
          description: 'Markdown headings linked to their pages ([p. N](#page=N)), for markmap.',
          access: 'visitor',
          query: ZDocumentQuery,
          answer: { description: 'data: { markdown }', schema: envelope(z.object({ markdown: z.string() })) },
          errors: ['NOT_FOUND'],
        },
      },
      [AI_PATHS.config]: {
        get: {
          summary: "The assistant's configuration",
          description: "What this server can do, and the requester's limits and usage.",
          access: 'visitor',
          answer: { description: 'data: AiConfigView', schema: envelope(ZAiConfig) },
        },
      },
      [AI_FILE_PATH]: {
        get: {
          summary: "A document's file",
          description: 'Its owner only.',
          access: 'visitor',
          query: ZDocumentQuery,
          answer: { description: 'The PDF or picture', type: 'application/octet-stream' },
          errors: ['NOT_FOUND'],
        },
      },
      [AI_PATHS.ask]: {
        post: {
          summary: 'Ask about a document',
          description:
            'mode chat, summarize, explain; general: no document. Server-Sent Events by default (`event: delta|citations|done|error`, data an AskEvent); ' +
            'with `Accept: application/json` the whole answer at once. Errors after the stream has started are an `error` event.',
          access: 'visitor',
          body: ZAskRequest,
          requestExample: { documentId: 'doc_4Kx9Qm', question: 'What is the notice period?', mode: 'chat' },
          answer: {
            description:
              'The answer: streamed as Server-Sent Events, or whole as { code: 0, data: AskAnswer } with Accept: application/json',
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
      },
      [AI_PATHS.getDocumentListAsk]: {
        get: {
          summary: "A document's conversation",
          description: 'Oldest first: the last pageSize messages (default 50).',
          access: 'visitor',
          query: ZConversationQuery,
          answer: { description: 'data: AiMessageView[]', schema: envelope(ZAiMessages) },
          errors: ['NOT_FOUND'],
        },
      },
      [AI_PATHS.translate]: {
        post: {
          summary: 'Translate a document',
          description:
            'A task like a transfer (follow it with transferProgress): its outputs are the translated PDF and the two-language PDF.',
          access: 'visitor',
          body: ZTranslateRequest,
          requestExample: { documentId: 'doc_4Kx9Qm', language: 'fr' },
          answer: { description: 'The task, as a transfer answers', schema: ZTaskAnswer },
          errors: ['NOT_FOUND', 'AI_NOT_CONFIGURED', 'AI_QUESTION_LIMIT', 'TASKS_RUNNING', 'SERVICE_BUSY'],
        },
      },
    },
  };
}

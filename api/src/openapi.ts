import { z } from 'zod';
import { AI_PATHS } from '#shared/ai/api';
import { API_PATHS } from '#shared/api';
import { ZConversionRequestBase } from '#shared/conversion-request';
import { TOOLS } from '#shared/tools';
import { AI_FILE_PATH } from './presenters/ai-presenter';
import { ZConversationQuery } from './routes/ai/ask-router';
import { ZAddFile, ZAskRequest, ZDocumentQuery, ZTokenQuery } from './routes/ai/schema';
import { ZTranslateRequest } from './routes/ai/translate-router';
import { ZProgressRequest } from './routes/file/schema';
import { ZOpenForm } from './routes/form/schema';
import { ZCreateOrder, ZPayRequest } from './routes/order/schema';
import { ZSubscriptionRequest, ZThirdPartyProducts } from './routes/product/schema';
import { ZSaveSignature } from './routes/signature/schema';
import { SAVED_SIGNATURE_LIMITS, SIGNATURES_PATH } from '#shared/signatures';

const json = (schema: z.ZodType) => ({ 'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) } });

/** The OpenAPI document, generated from the same zod schemas the routes validate with. */
export function openApiDocument() {
  const toolOptions = Object.fromEntries(
    TOOLS.filter((t) => t.built).map((t) => [t.id, z.toJSONSchema(t.options, { io: 'input', unrepresentable: 'any' })]),
  );
  const upload = {
    requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, toolType: { type: 'string' } }, required: ['file'] } } } },
    responses: {
      200: { description: '{ code: 1000, token, data: { token, name, size, kind } }' },
      400: { description: 'FILE_EMPTY: a 0-byte file' },
      413: { description: 'Your File is Too Large' },
      415: { description: 'The file type is not supported' },
    },
  };
  const transfer = {
    description: 'The conversion request: common fields plus the options of the tool named by toolType (see x-tool-options).',
    requestBody: { content: json(ZConversionRequestBase) },
    responses: {
      200: { description: '{ code: 500, id, result: { status: "Doing", progress: 0 }, resultString }' },
      400: { description: 'Illegal input' },
      403: { description: 'PRO_FEATURE: an editor document with replaceText, billing configured, and no Pro plan or trial' },
    },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Sheaf API', version: '0.0.3' },
    'x-tool-options': toolOptions,
    paths: {
      [API_PATHS.health]: { get: { responses: { 200: { description: 'db and redis ok, engines found by workers' }, 503: { description: 'db or redis down' } } } },
      [API_PATHS.upload]: { post: { ...upload, description: 'Signed-in upload' } },
      [API_PATHS.unLoginUpload]: { post: { ...upload, description: 'Visitor upload' } },
      [API_PATHS.transfer]: { post: transfer },
      [API_PATHS.unLoginTransfer]: { post: transfer },
      [API_PATHS.transferProgress]: {
        post: { requestBody: { content: json(ZProgressRequest) }, responses: { 200: { description: 'code 500 Doing/Failed or code 1000 Done with fileurl / pdfurls / imageurls, zipurl' } } },
      },
      [`${API_PATHS.download}/{token}`]: { get: { responses: { 200: { description: 'the file' }, 404: { description: 'not yours or unknown' }, 410: { description: 'expired' } } } },
      [`${API_PATHS.zip}/{taskIds}`]: { get: { description: 'one task id, or several joined by commas (a batch)', responses: { 200: { description: 'every output as one zip' } } } },
      [`${API_PATHS.thumb}/{token}/{page}`]: {
        get: {
          description: "JPEG thumbnail of a 1-based page, about 200 px wide, rendered on first request; a result's pages follow DOWNLOAD_POLICY, one's own uploads do not",
          responses: {
            200: { description: 'image/jpeg' },
            401: { description: 'a result, and the policy needs a session' },
            403: { description: 'a result, and the policy needs Pro' },
            404: { description: 'not yours, or past the last page' },
            410: { description: 'expired' },
            422: { description: 'password-protected' },
          },
        },
      },
      [API_PATHS.openForm]: {
        post: {
          description: "A form page's shipped blank (W-9, W-2, 941, DS-11) copied as the requester's upload, for the editor",
          requestBody: { content: json(ZOpenForm) },
          responses: { 200: { description: '{ code: 1000, token, data: { token, name, size, kind } }, as an upload answers' }, 400: { description: 'Illegal input: not a form id' }, 404: { description: 'the form has no blank' } },
        },
      },
      ...billingPaths(),
      ...signaturePaths(),
      ...documentPaths(),
      ...askPaths(),
      ...translatePaths(),
    },
  };
}

/** The payments calls (issue 17): plans, checkout, the account's billing, the daily count, Stripe's webhook. */
function billingPaths() {
  const signedIn = { 401: { description: 'NOT_SIGNED_IN' } };
  const notConfigured = { 503: { description: 'PAYMENT_NOT_CONFIGURED: billing is not set up' } };
  const post = (schema: z.ZodType | null, description: string, responses: Record<number, { description: string }> = {}) => ({
    post: { description, ...(schema ? { requestBody: { content: json(schema) } } : {}), responses: { 200: { description: '{ code: 0, data }' }, ...responses } },
  });
  return {
    '/api/product/thirdPartyProducts': post(ZThirdPartyProducts, 'The plans on sale (PricingProduct[]), sorted MONTH, QUARTERLY, YEAR, FOREVER; USD, or EUR for lang fr'),
    '/api/product/getUserBilling': { get: { description: 'UserBilling: the plans and payments of the signed-in user', responses: { 200: { description: '{ code: 0, data }' }, ...signedIn } } },
    '/api/product/cancelSubscription': post(ZSubscriptionRequest, 'Cancel at period end; data: the updated BillingSubscription', { ...signedIn, 404: { description: 'not yours' }, 502: { description: 'PAYMENT_UNREACHABLE' } }),
    '/api/product/resumeSubscription': post(ZSubscriptionRequest, 'Undo a cancel at period end', { ...signedIn, 404: { description: 'not yours' }, 502: { description: 'PAYMENT_UNREACHABLE' } }),
    '/api/product/billingPortal': post(null, "data: { url } of Stripe's billing portal", { ...signedIn, ...notConfigured }),
    '/api/uc/order/getPayType': post(null, "data: ['stripe'] when billing is configured, else []"),
    '/api/uc/order/create': post(ZCreateOrder, 'data: { payId }', { ...signedIn, 409: { description: 'PLAN_ALREADY_ACTIVE' }, ...notConfigured }),
    '/api/uc/order/createPay': post(ZPayRequest, 'data: { url } of a Stripe Checkout Session', { ...signedIn, 404: { description: 'not yours' }, 502: { description: 'PAYMENT_UNREACHABLE' }, ...notConfigured }),
    '/api/uc/order/createPaypal': post(null, 'Not offered', notConfigured),
    '/api/uc/order/createUnionPay': post(null, 'Not offered', notConfigured),
    '/api/uc/order/createCommonWayPay': post(null, 'Not offered', notConfigured),
    '/api/uc/order/checkPay/{id}': {
      get: { description: 'data: CheckPayResult (PAID also when trialing); asks Stripe while pending', responses: { 200: { description: '{ code: 0, data }' }, ...signedIn, 404: { description: 'not yours' }, 502: { description: 'PAYMENT_UNREACHABLE' } } },
    },
    '/api/uc/order/abandon': post(ZPayRequest, 'Back through cancel_url: the session is expired, the order FAILED', { ...signedIn, 404: { description: 'not yours' } }),
    '/api/user/deductTimes': post(null, "data: { used, limit }: one conversion of a signed-in Free user today", { ...signedIn, 429: { description: 'DAILY_LIMIT' } }),
    '/api/billing/stripe/webhook': post(null, "Stripe's events, raw body signed in Stripe-Signature", { 400: { description: 'bad signature: nothing changes' }, ...notConfigured }),
  };
}

/** The signatures a signed-in user keeps on the account (the editor's Sign tool). */
function signaturePaths() {
  const signedIn = { 401: { description: 'NOT_SIGNED_IN' } };
  return {
    [SIGNATURES_PATH]: {
      get: { description: 'data: AccountSignature[] ({ id, createdAt, signature }), newest first', responses: { 200: { description: '{ code: 0, data }' }, ...signedIn } },
      post: {
        description: `Saves { signature }: drawn strokes, typed text or a PNG/JPEG data URL; past ${SAVED_SIGNATURE_LIMITS.perUser} the oldest is dropped. data: the AccountSignature`,
        requestBody: { content: json(ZSaveSignature) },
        responses: { 200: { description: '{ code: 0, data }' }, 400: { description: 'Illegal input' }, ...signedIn },
      },
    },
    [`${SIGNATURES_PATH}/{id}`]: { delete: { responses: { 200: { description: '{ code: 0 }' }, 404: { description: 'not yours or unknown' }, ...signedIn } } },
  };
}

/** The AI assistant's documents (issue 19): upload, add, list, read, delete, mind map, configuration, the file. */
function documentPaths() {
  const query = (schema: z.ZodObject) => Object.keys(schema.shape).map((name) => ({ name, in: 'query', required: true, schema: { type: 'string' } }));
  const mine = { 200: { description: '{ code: 0, data }' }, 400: { description: 'Illegal input' }, 404: { description: 'the document is not yours or unknown' } };
  return {
    [AI_PATHS.uploadAiPdf]: {
      post: {
        description: "A PDF, or a picture for chat with image (multipart `file`), visitors too, up to the plan's AI size (Free 100 MB, AI plan 1 GB)",
        requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' } }, required: ['file'] } } } },
        responses: { 200: { description: '{ code: 1000, token, data: { token, name, size, kind } }, as an upload answers' }, 413: { description: 'FILE_TOO_LARGE' }, 415: { description: 'not a PDF or a picture' } },
      },
    },
    [AI_PATHS.addFile]: {
      post: {
        description: 'Makes a document of an upload and starts its indexing: data: { documentId, title }',
        requestBody: { content: json(ZAddFile) },
        responses: {
          200: { description: '{ code: 0, data }' },
          403: { description: 'AI_FILE_LIMIT (1506): the plan holds no more documents' },
          404: { description: 'not your upload' },
          413: { description: "AI_PAGE_LIMIT (1508) or FILE_TOO_LARGE: past the plan's pages or size" },
          422: { description: 'PDF_ENCRYPTED, PDF_DAMAGED' },
        },
      },
    },
    [AI_PATHS.getDocumentList]: { get: { description: "data: AiDocumentView[], the requester's documents, newest first", responses: { 200: { description: '{ code: 0, data }' } } } },
    [AI_PATHS.getTitle]: { get: { description: 'data: { documentId, title } of the document made from the upload', parameters: query(ZTokenQuery), responses: mine } },
    [AI_PATHS.getDocument]: {
      get: { description: "data: AiDocumentView (status indexing → ready or failed with errorCode, progress 0..100, ocrPages, outline, suggestedQuestions, fileUrl)", parameters: query(ZDocumentQuery), responses: mine },
    },
    [AI_PATHS.del]: { post: { description: 'Deletes the document, its file, passages and conversation: data: null', parameters: query(ZDocumentQuery), responses: mine } },
    [AI_PATHS.mindMap]: { get: { description: 'data: { markdown }: headings linked to their pages ([p. N](#page=N)), for markmap', parameters: query(ZDocumentQuery), responses: mine } },
    [AI_PATHS.config]: { get: { description: "data: AiConfigView: generative and vision available, the requester's limits and usage", responses: { 200: { description: '{ code: 0, data }' } } } },
    [AI_FILE_PATH]: { get: { description: "The document's own copy (PDF or picture), its owner only", parameters: query(ZDocumentQuery), responses: { 200: { description: 'the file' }, 404: mine[404] } } },
  };
}

/** Asking the AI assistant about a document, and its conversation (issue 19). */
function askPaths() {
  const refusals = {
    400: { description: 'Illegal input' },
    403: { description: 'AI_QUESTION_LIMIT (1507): the plan\'s questions for today are used' },
    404: { description: 'the document is not yours or unknown' },
    409: { description: 'AI_NOT_READY: the document is still being indexed' },
    503: { description: 'AI_NOT_CONFIGURED: explain and general chat need an AI provider' },
  };
  return {
    [AI_PATHS.ask]: {
      post: {
        description:
          'Asks about a document (mode chat, summarize, explain; general: no document). Server-Sent Events by default: `event: delta|citations|done|error`, ' +
          'data an AskEvent ({ text } pieces, then { citations: [{ page, quote }] }, then { messageId, source, found, answer? }, answer being the stored text when it differs from the pieces). With `Accept: application/json`: ' +
          '{ code: 0, data: { messageId, answer, citations, source, found } }. Errors after the stream has started are an `error` event.',
        requestBody: { content: json(ZAskRequest) },
        responses: { 200: { description: 'text/event-stream, or the whole answer as JSON' }, ...refusals, 502: { description: 'AI_UNAVAILABLE (JSON only; in a stream it is an `error` event): the provider failed' } },
      },
    },
    [AI_PATHS.getDocumentListAsk]: {
      get: {
        description: 'The conversation of the document: data: AiMessageView[] (oldest first, the last pageSize, default 50, at most 200)',
        parameters: Object.keys(ZConversationQuery.shape).map((name) => ({ name, in: 'query', required: name === 'documentId', schema: { type: name === 'pageSize' ? 'integer' : 'string' } })),
        responses: { 200: { description: '{ code: 0, data }' }, 400: { description: 'Illegal input' }, 404: { description: 'not yours or unknown' } },
      },
    },
  };
}

/** Translate (issue 19): a task of the tool pipeline, followed with transferProgress like a transfer. */
function translatePaths() {
  return {
    [AI_PATHS.translate]: {
      post: {
        description:
          'Translates the document into a language (generative): { code: 500, id, result: { status: "Doing" } } as a transfer answers; transferProgress then ends with ' +
          'pdfurls: [the translated PDF, the two-language PDF with original and translated pages interleaved]',
        requestBody: { content: json(ZTranslateRequest) },
        responses: {
          200: { description: 'the task, as transfer answers' },
          400: { description: 'Illegal input: an unknown language' },
          404: { description: 'the document is not yours or unknown' },
          503: { description: 'AI_NOT_CONFIGURED: translation needs an AI provider' },
        },
      },
    },
  };
}

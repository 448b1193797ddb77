import { z } from 'zod';
import type { AiConfigView, AiDocumentView, AskAnswer } from '../ai/api';
import { ASK_MODES } from '../ai/api';
import type { ApiKeyView, CreatedApiKey, TaskAnswer, UploadAnswer } from '../api';
import type { DeductTimesResult, VipInfo } from '../billing/api';
import { ERRORS, type ErrorCode } from '../errors';
import { ZSavedSignatureData, type AccountSignature } from '../signatures';
import { REDACT_LEFT_REASONS } from '../tools/redact-kinds';
import { SANITIZE_KINDS } from '../tools/sanitize-pdf';

/** One signature as validate-signature reports it (`SignatureFinding`). */
const ZSignatureFinding = z.object({
  field: z.string().describe("The signature field's name"),
  signer: z.string().describe("The signer certificate's common name"),
  subject: z.string().describe("The signer certificate's distinguished name"),
  signedAt: z.string().nullable().describe('The signing time the signature states, ISO 8601 UTC; null when it states none'),
  coversWholeFile: z.boolean().describe('False when the document was changed after this signature'),
  validity: z.enum(['valid', 'invalid', 'unknown']).describe('Whether the signed bytes still match the signature'),
  trust: z.enum(['trusted', 'untrusted', 'notChecked']).describe("Whether the certificate leads to the operator's trusted roots; notChecked when none are configured"),
});

/** A count for each kind sanitize-pdf looks for: an object whose properties the document names. */
const countPerKind = z.object(Object.fromEntries(SANITIZE_KINDS.map((kind) => [kind, z.number().int()])) as Record<(typeof SANITIZE_KINDS)[number], z.ZodNumber>);

/**
 * The endpoints' answers as zod schemas. A handler's answer is typed by its endpoint's schema; the
 * shared answer types the web reads are checked at compile time to fit them too (each accepted, each
 * field named), so the document can neither refuse nor leave out what the code sends.
 */
type Covers<T, S extends z.ZodType> =
  T extends z.input<S> ? ([Exclude<keyof T, keyof z.input<S>>] extends [never] ? unknown : never) : never;
/** A value as res.json sends it: dates become ISO strings. */
export type Serialized<T> = T extends Date
  ? string
  : T extends Array<infer I>
    ? Serialized<I>[]
    : T extends object
      ? { [K in keyof T]: Serialized<T[K]> }
      : T;

export const covering =
  <T>() =>
  <S extends z.ZodType>(schema: S & Covers<T, S>): S =>
    schema;

const ZDateTime = z.string().meta({ format: 'date-time' });

export const ZErrorAnswer = z.object({
  code: z.number().int().describe("The envelope code (the spec's numbers where it names one)"),
  message: z.string().describe('User-safe, in English; the browser shows the translation of `errors.<error>`'),
  error: z.enum(Object.keys(ERRORS) as [ErrorCode, ...ErrorCode[]]).describe('The catalogue code'),
  data: z
    .object({
      fields: z.array(
        z.object({
          field: z.string().describe('The refused field, dotted for a nested one (operations.2.rect)'),
          message: z.string().describe('What is wrong with it, naming it'),
          allowed: z.array(z.string()).optional().describe('The values it takes, where they can be listed'),
        }),
      ),
    })
    .optional()
    .describe('ILLEGAL_INPUT: each refused field; the message joins their messages'),
  retryAfter: z.number().int().optional().describe('Seconds to wait, when the refusal is for going too fast'),
});

export const ZUploadAnswer = covering<UploadAnswer>()(
  z.object({
    code: z.literal(1000),
    token: z.string().describe('The file token a transfer names (token, or urls joined by ;)'),
    data: z.object({
      token: z.string(),
      name: z.string(),
      size: z.number().int().describe('bytes'),
      kind: z.string().describe('The kind read from its bytes: pdf, docx, jpg…'),
    }),
  }),
);

const ZTaskResult = z.object({
  status: z.enum(['Doing', 'Done', 'Failed']),
  progress: z.number().min(0).max(1),
  filesize: z.number().int().optional().describe('Bytes of every output together'),
  fileurl: z.string().optional().describe('The one output'),
  pdfurl: z.string().optional().describe('The one output, when a PDF'),
  pdfurls: z.array(z.string()).optional().describe('Several outputs'),
  imageurls: z.array(z.string()).optional().describe('Several pictures'),
  zipurl: z.string().optional().describe('Every output as one zip, when there are several'),
  names: z.array(z.string()).optional().describe('The download names of the outputs, in order'),
  notice: z.string().optional().describe('A note on a success, e.g. ALREADY_OPTIMAL'),
  report: z
    .discriminatedUnion('tool', [
      z.object({
        tool: z.literal('sanitize-pdf'),
        found: countPerKind.describe('What the file held, per kind'),
        removed: countPerKind.describe('What was removed, per kind (the kinds chosen)'),
      }),
      z.object({
        tool: z.literal('redact-pdf'),
        areas: z.number().int().describe('Areas redacted: text matches and boxes drawn'),
        pages: z.number().int().describe('Pages with at least one area'),
        cleaned: z.number().int().describe('Annotations, fields, bookmarks and metadata entries removed or cleaned for carrying a redacted phrase'),
        left: z
          .array(z.object({ page: z.number().int(), reason: z.enum(REDACT_LEFT_REASONS) }))
          .describe('Pages where something under a box could not be removed without rasterising the page, and why (image: a picture in a format that cannot be rewritten)'),
      }),
      z.object({
        tool: z.literal('validate-signature'),
        signatures: z.array(ZSignatureFinding).describe('Every signature, in the order they were added'),
      }),
    ])
    .optional()
    .describe('sanitize-pdf: what was found and removed; redact-pdf: what was redacted and what could not be; validate-signature: each signature and what was found of it'),
  noticeParams: z.record(z.string(), z.number()).optional().describe('The figures the notice names, e.g. { "recovered": 11, "found": 12 } for REPAIRED_SOME_PAGES'),
  message: z.string().optional().describe('Failed: the user-safe reason'),
  errorCode: z.string().optional().describe('Failed: its catalogue code'),
});

export const ZTaskAnswer = covering<TaskAnswer>()(
  z.object({
    code: z.union([z.literal(1000), z.literal(500)]).describe('1000 Done; 500 Doing or Failed'),
    id: z.string().describe('The task id that transferProgress and zip take'),
    token: z.string().optional(),
    message: z.string().optional(),
    result: ZTaskResult,
    resultString: z.string().describe('base64 of the URL-encoded JSON of result'),
  }),
);

const ZApiKeyView = covering<ApiKeyView>()(
  z.object({
    id: z.string(),
    name: z.string(),
    prefix: z.string().describe("The key's first characters, e.g. sheaf_AbC12x"),
    createdAt: ZDateTime,
    lastUsedAt: ZDateTime.nullable(),
  }),
);
export const ZApiKeyList = z.array(ZApiKeyView);

export const ZCreatedApiKey = covering<CreatedApiKey>()(
  z.object({
    apiKey: ZApiKeyView,
    key: z.string().describe('The key itself (sheaf_…): shown this once, only its hash is kept'),
    webhookSecret: z.string().describe("Signs this key's webhooks (whsec_…): shown this once"),
  }),
);

const ZVipInfo = covering<VipInfo>()(
  z.object({
    isVip: z.boolean(),
    isTimeVip: z.boolean(),
    isAiTimeVip: z.boolean(),
    vipName: z.string(),
    aiVipName: z.string(),
    isSubscript: z.boolean(),
  }),
);

export const ZUserState = z.object({
  userInfo: z.object({ userName: z.string(), email: z.string(), id: z.string() }),
  vipInfo: ZVipInfo,
});

export const ZDeductTimes = covering<DeductTimesResult>()(z.object({ used: z.number().int(), limit: z.number().int() }));

export const ZHealth = z.object({
  status: z.enum(['ok', 'degraded', 'unavailable']).describe('degraded: no worker has beaten lately, tasks will wait'),
  checks: z.object({ db: z.enum(['ok', 'down']), redis: z.enum(['ok', 'down']), worker: z.enum(['ok', 'stale', 'none']) }),
  engines: z.record(z.string(), z.boolean()).describe('The native engines the workers found'),
  ocr: z
    .enum(['native', 'wasm'])
    .nullable()
    .describe('The OCR engine the workers chose at boot: native Tesseract, or tesseract.js (WebAssembly) when it is missing or OCR_ENGINE=wasm; null before a worker has reported'),
});

const ZCitation = z.object({ page: z.number().int(), quote: z.string() });

export const ZAiDocument = covering<AiDocumentView>()(
  z.object({
    documentId: z.string(),
    title: z.string(),
    kind: z.enum(['pdf', 'image']),
    pages: z.number().int().nullable(),
    size: z.number().int(),
    status: z.enum(['indexing', 'ready', 'failed']),
    progress: z.number().min(0).max(100),
    errorCode: z.string().optional(),
    message: z.string().optional(),
    ocrPages: z.number().int(),
    fileUrl: z.string(),
    suggestedQuestions: z.array(z.string()),
    outline: z.array(z.object({ level: z.number().int(), title: z.string(), page: z.number().int() })),
    createdAt: ZDateTime,
  }),
);

export const ZAskAnswer = covering<AskAnswer>()(
  z.object({
    messageId: z.string().nullable(),
    answer: z.string(),
    citations: z.array(ZCitation),
    source: z.enum(['document', 'generative']),
    found: z.boolean(),
  }),
);

export const ZAiMessages = z.array(
  z.object({
    id: z.string(),
    role: z.enum(['user', 'assistant']),
    mode: z.enum(ASK_MODES),
    content: z.string(),
    citations: z.array(ZCitation),
    source: z.enum(['document', 'generative']).nullable(),
    found: z.boolean().nullable(),
    createdAt: ZDateTime,
  }),
);

export const ZAiConfig = covering<AiConfigView>()(
  z.object({
    generative: z.boolean(),
    vision: z.boolean(),
    limits: z.object({
      files: z.number().int().nullable(),
      questionsPerDay: z.number().int().nullable(),
      maxMb: z.number(),
      maxPages: z.number().int(),
    }),
    usage: z.object({ files: z.number().int(), questionsToday: z.number().int() }),
  }),
);

export const ZAccountSignature = covering<AccountSignature>()(
  z.object({ id: z.string(), createdAt: ZDateTime, signature: ZSavedSignatureData }),
);

export const ZHistoryPage = z.object({
  total: z.number().int(),
  pageNum: z.number().int(),
  pageSize: z.number().int(),
  list: z.array(
    z.object({
      id: z.string(),
      date: ZDateTime,
      name: z.string(),
      tool: z.string(),
      status: z.enum(['successful', 'failed', 'processing', 'deleted']).describe('deleted: past retention, or deleted'),
      fileurl: z.string().optional(),
      pdfurls: z.array(z.string()).optional(),
      imageurls: z.array(z.string()).optional(),
      zipurl: z.string().optional(),
      filesize: z.number().int().optional(),
      errorCode: z.string().optional(),
      message: z.string().optional(),
    }),
  ),
});

import { z } from 'zod';
import { ERRORS, type ErrorCode } from '#shared/errors';
import compressTool from '#shared/tools/compress-pdf';
import { invalidInput, presentError } from '../presenters/error-presenter';

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect) or a reference to a component. */
export type JsonSchema = Record<string, unknown>;

/** A request or answer shape: the zod schema the code uses, or a JSON Schema where there is none (multipart, components). */
export type Shape = z.ZodType | JsonSchema;

/**
 * Who may call an operation: `anyone` (before the requester is read: no key checked), `visitor`
 * (anonymous, a session cookie or an API key), `user` (a session cookie or an API key), `session`
 * (a browser's session cookie only: an API key is refused).
 */
export type Access = 'anyone' | 'visitor' | 'user' | 'session';

export interface Answer {
  description: string;
  /** Absent: the answer is a file or a redirect, described by `type` and `description`. */
  schema?: Shape;
  /** The media type; JSON by default. */
  type?: string;
  example?: unknown;
  headers?: Record<string, JsonSchema>;
  status?: number;
  /** Other media types the same answer may come as (the assistant's stream), by the request's Accept. */
  alsoAs?: Record<string, JsonSchema>;
}

/** One operation as the areas declare it; `operation()` makes the OpenAPI object of it. */
export interface OperationSpec {
  summary: string;
  description?: string;
  access: Access;
  path?: Record<string, { schema: Shape; description: string }>;
  query?: z.ZodObject;
  body?: Shape;
  /** The body is multipart/form-data (an upload) rather than JSON. */
  multipart?: boolean;
  requestExample?: unknown;
  /** Several request examples, by name, where one cannot show the call's range (a transfer's tools). */
  requestExamples?: Record<string, unknown>;
  answer: Answer;
  /** Answers outside the catalogue besides the success (the health check's 503). */
  otherAnswers?: Answer[];
  /** The catalogue's errors this operation may answer, beside those every call of its access may. */
  errors?: ErrorCode[];
}

export type Method = 'get' | 'post' | 'delete';

/** An area of the API: a tag, and its paths (OpenAPI templates, `{token}`) with their operations. */
export interface Area {
  tag: string;
  description: string;
  paths: Record<string, Partial<Record<Method, OperationSpec>>>;
}

/** The JSON Schema of what a client sends (`input`): defaults and coercions are the client's to use. */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

const schemaOf = (shape: Shape): JsonSchema => (shape instanceof z.ZodType ? jsonSchema(shape) : shape);

export const ref = (component: string): JsonSchema => ({ $ref: `#/components/schemas/${component}` });

/** The success envelope of the JSON calls that are not tool calls: `{ code: 0, data }`. */
export const envelope = (data: z.ZodType) => z.object({ code: z.literal(0), message: z.string().optional(), data });

/** The RateLimit-* headers every answer of a rate-limited call carries (API keys: every call). */
export const rateLimitHeaders: Record<string, JsonSchema> = {
  'RateLimit-Limit': { description: 'Requests allowed in the window', schema: { type: 'integer' } },
  'RateLimit-Remaining': { description: 'Requests left in the window', schema: { type: 'integer' } },
  'RateLimit-Reset': { description: 'Seconds until the window starts again', schema: { type: 'integer' } },
};
const RETRY_AFTER: JsonSchema = { description: 'Seconds to wait before trying again', schema: { type: 'integer', minimum: 1 } };
/** What a refusal carries besides its envelope: how long to wait. */
const HEADERS_OF: Partial<Record<ErrorCode, Record<string, JsonSchema>>> = {
  TOO_FREQUENT: { ...rateLimitHeaders, 'Retry-After': RETRY_AFTER },
  SERVICE_BUSY: { 'Retry-After': RETRY_AFTER },
};

/** Errors any call of an access may answer: a bad key, a key over its rate, the unexpected. */
const ACCESS_ERRORS: Record<Access, ErrorCode[]> = {
  anyone: ['INTERNAL'],
  visitor: ['API_KEY_INVALID', 'TOO_FREQUENT', 'INTERNAL'],
  user: ['NOT_SIGNED_IN', 'API_KEY_INVALID', 'TOO_FREQUENT', 'INTERNAL'],
  session: ['NOT_SIGNED_IN', 'FORBIDDEN', 'API_KEY_INVALID', 'INTERNAL'],
};

const SECURITY: Record<Access, Array<Record<string, string[]>>> = {
  anyone: [],
  // The empty requirement makes both optional: anonymous visitors call these too.
  visitor: [{}, { bearerAuth: [] }, { cookieSession: [] }],
  user: [{ bearerAuth: [] }, { cookieSession: [] }],
  session: [{ cookieSession: [] }],
};

/** A refused compress level, as the API answers it: the example of every ILLEGAL_INPUT. */
function illegalInputExample() {
  const sent = { compress: 'huge' };
  const parsed = compressTool.options.safeParse(sent);
  return parsed.success ? undefined : presentError(invalidInput(compressTool.options, parsed.error, sent));
}
const EXAMPLES: Partial<Record<ErrorCode, unknown>> = { ILLEGAL_INPUT: illegalInputExample() };
const NOTES: Partial<Record<ErrorCode, string>> = {
  ILLEGAL_INPUT: 'the message names each refused field and what it takes, listed in data.fields',
};

/** The error answers of these codes, one per HTTP status, each code an example, all from the catalogue. */
function errorResponses(codes: ErrorCode[]) {
  const byStatus = new Map<number, ErrorCode[]>();
  for (const code of new Set(codes)) byStatus.set(ERRORS[code].status, [...(byStatus.get(ERRORS[code].status) ?? []), code]);
  return Object.fromEntries(
    [...byStatus].map(([status, group]) => {
      const headers = Object.assign({}, ...group.map((code) => HEADERS_OF[code] ?? {}));
      return [
        String(status),
        {
          description: group.map((code) => `${code} (code ${ERRORS[code].code}): ${ERRORS[code].message}${NOTES[code] ? ` (${NOTES[code]})` : ''}`).join('\n'),
          ...(Object.keys(headers).length ? { headers } : {}),
          content: {
            'application/json': {
              schema: ref('Error'),
              examples: Object.fromEntries(
                group.map((code) => [code, { value: EXAMPLES[code] ?? { code: ERRORS[code].code, message: ERRORS[code].message, error: code } }]),
              ),
            },
          },
        },
      ];
    }),
  );
}

const content = (type: string, schema: JsonSchema, examples: Record<string, unknown> = {}) => ({
  [type]: {
    schema,
    ...(Object.keys(examples).length
      ? { examples: Object.fromEntries(Object.entries(examples).map(([name, value]) => [name, { value }])) }
      : {}),
  },
});

const single = (example: unknown) => (example === undefined ? {} : { example });

function parameters(spec: OperationSpec) {
  const fromPath = Object.entries(spec.path ?? {}).map(([name, p]) => ({
    name,
    in: 'path',
    required: true,
    description: p.description,
    schema: schemaOf(p.schema),
  }));
  const query = spec.query ? jsonSchema(spec.query) : { properties: {} };
  const required = new Set((query.required as string[] | undefined) ?? []);
  const fromQuery = Object.entries(query.properties as Record<string, JsonSchema>).map(([name, schema]) => ({
    name,
    in: 'query',
    required: required.has(name),
    schema,
  }));
  return [...fromPath, ...fromQuery];
}

function response(answer: Answer) {
  const media = answer.schema
    ? content(answer.type ?? 'application/json', schemaOf(answer.schema), single(answer.example))
    : answer.type
      ? { [answer.type]: {} }
      : {};
  const all = { ...media, ...Object.fromEntries(Object.entries(answer.alsoAs ?? {}).map(([type, schema]) => [type, { schema }])) };
  return {
    description: answer.description,
    ...(answer.headers ? { headers: answer.headers } : {}),
    ...(Object.keys(all).length ? { content: all } : {}),
  };
}

/** The OpenAPI operation object of a declared operation. */
export function operation(spec: OperationSpec, tag: string) {
  const { answer } = spec;
  const params = parameters(spec);
  const errors = [
    ...(spec.errors ?? []),
    ...((spec.body || spec.query) && !spec.multipart ? (['ILLEGAL_INPUT'] as const) : []),
    ...ACCESS_ERRORS[spec.access],
  ];
  return {
    tags: [tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    security: SECURITY[spec.access],
    ...(params.length ? { parameters: params } : {}),
    ...(spec.body
      ? {
          requestBody: {
            required: true,
            content: content(
              spec.multipart ? 'multipart/form-data' : 'application/json',
              schemaOf(spec.body),
              spec.requestExamples ?? single(spec.requestExample),
            ),
          },
        }
      : {}),
    responses: {
      ...Object.fromEntries([answer, ...(spec.otherAnswers ?? [])].map((a) => [String(a.status ?? 200), response(a)])),
      ...errorResponses(errors),
    },
  };
}

import { z } from 'zod';
import type { EndpointSpec } from '#shared/endpoints';
import { errorsOf, ref, type Answer, type JsonSchema } from '#shared/endpoints/endpoint';
import { ERRORS, type ErrorCode } from '#shared/errors';
import compressTool from '#shared/tools/compress-pdf';
import { invalidInput, presentError } from '../presenters/error-presenter';

/** The JSON Schema of what a client sends (`input`): defaults and coercions are the client's to use. */
export function jsonSchema(schema: z.ZodType): JsonSchema {
  const { $schema: _dialect, ...rest } = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) as JsonSchema;
  return rest;
}

/** The RateLimit-* headers every answer of a rate-limited call carries (API keys: every call). */
const rateLimitHeaders: Record<string, JsonSchema> = {
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

const SECURITY: Record<EndpointSpec['access'], Array<Record<string, string[]>>> = {
  // No credential read: the empty requirement says so (an operation with none would inherit a default).
  anyone: [{}],
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

function parameters(spec: EndpointSpec) {
  const fromPath = Object.entries(spec.params ?? {}).map(([name, p]) => ({
    name,
    in: 'path',
    required: true,
    description: p.description,
    schema: jsonSchema(p.schema),
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
    ? content(answer.type ?? 'application/json', jsonSchema(answer.schema), single(answer.example))
    : answer.type
      ? { [answer.type]: {} }
      : {};
  const all = { ...media, ...Object.fromEntries(Object.entries(answer.alsoAs ?? {}).map(([type, schema]) => [type, { schema }])) };
  return {
    description: answer.description,
    ...(answer.rateLimited ? { headers: rateLimitHeaders } : {}),
    ...(Object.keys(all).length ? { content: all } : {}),
  };
}

/** What the request carries: a JSON body checked at the edge, one its handler reads, or a multipart upload. */
function requestBody(spec: EndpointSpec) {
  const examples = spec.requestExamples ?? single(spec.requestExample);
  if (spec.body) return { required: true, content: content('application/json', jsonSchema(spec.body), examples) };
  if (spec.ownBody) return { required: true, content: content('application/json', spec.ownBody.schema, examples) };
  if (spec.upload) return { required: true, content: content('multipart/form-data', spec.upload.schema, examples) };
  return undefined;
}

/**
 * The key of the success answer: its status, or `default` for a call that never answers 2xx (a
 * redirect; a method that is always refused), which is how OpenAPI says "whatever else comes".
 */
const successKey = (answer: Answer) => (answer.status === undefined ? '200' : answer.status < 300 ? String(answer.status) : 'default');

/** The OpenAPI operation object of a declared endpoint. */
export function operation(id: string, spec: EndpointSpec, tag: string) {
  const { answer } = spec;
  const params = parameters(spec);
  const body = requestBody(spec);
  return {
    operationId: id,
    tags: [tag],
    summary: spec.summary,
    ...(spec.description ? { description: spec.description } : {}),
    security: SECURITY[spec.access],
    ...(params.length ? { parameters: params } : {}),
    ...(body ? { requestBody: body } : {}),
    responses: {
      [successKey(answer)]: response(answer),
      ...Object.fromEntries((spec.otherAnswers ?? []).map((a) => [String(a.status ?? 200), response(a)])),
      ...errorResponses(errorsOf(spec)),
    },
  };
}

import { z } from 'zod';
import type { ErrorCode } from '../errors';

/**
 * An endpoint, declared once: the api mounts it (guard, rate-limit lane, validation, then its
 * handler), the OpenAPI document describes it, the web's client calls it and the integration tests
 * check its real answers, all from this one object (as a tool is its `shared/src/tools/<id>.ts`).
 */

/** A JSON Schema (2020-12, OpenAPI 3.1's dialect), for what no zod schema describes (a multipart body, a component). */
export type JsonSchema = Record<string, unknown>;

/**
 * Who may call: `anyone` (before the requester is read: no key checked), `visitor` (anonymous, a
 * session cookie or an API key), `user` (a session cookie or an API key), `session` (a browser's
 * session cookie only: an API key is refused).
 */
export type Access = 'anyone' | 'visitor' | 'user' | 'session';

/**
 * The rate-limit lane an endpoint counts in, besides an API key's own window: `upload` and
 * `transfer` count per requester and per address a minute (both need Redis); a transfer is also
 * refused while the queue is too deep. `redis` only needs Redis to answer.
 */
export type Lane = 'upload' | 'transfer' | 'redis';

export type Method = 'get' | 'post' | 'delete';

export interface Answer {
  description: string;
  /** Absent: the answer is a file or a redirect, described by `type` and `description`. */
  schema?: z.ZodType;
  /** The media type; JSON by default. */
  type?: string;
  example?: unknown;
  /** The RateLimit-* headers an upload or transfer answer carries. */
  rateLimited?: true;
  /** Not 200: a redirect (302). */
  status?: number;
  /** Other media types the same answer may come as (the assistant's stream), by the request's Accept. */
  alsoAs?: Record<string, JsonSchema>;
}

/** A path parameter: its schema, and the catalogue error a value it refuses answers (a bad token is an unknown file). */
export interface PathParam {
  schema: z.ZodType;
  description: string;
  refused: ErrorCode;
}

/** A body the handler reads itself: described here, checked where its meaning is known (a transfer's tool options, Stripe's signature). */
export interface OwnBody {
  schema: JsonSchema;
  /** `raw`: the bytes, unparsed (a signature covers them); `document`: JSON up to an editor document's size. */
  read?: 'raw' | 'document';
}

/** A multipart upload: one `file` and these fields; its size cap is the server's, or the plan's for the assistant. */
export interface Upload {
  fields: z.ZodObject;
  cap: 'server' | 'ai-plan';
  schema: JsonSchema;
}

export interface EndpointSpec {
  method: Method;
  /** The OpenAPI template, `{name}` for a parameter. */
  path: string;
  summary: string;
  description?: string;
  access: Access;
  lane?: Lane;
  params?: Record<string, PathParam>;
  query?: z.ZodObject;
  /** A JSON body validated at the edge: the handler receives it parsed. */
  body?: z.ZodType;
  ownBody?: OwnBody;
  upload?: Upload;
  requestExample?: unknown;
  /** Several request examples, by name, where one cannot show the call's range (a transfer's tools). */
  requestExamples?: Record<string, unknown>;
  answer: Answer;
  /** Answers outside the catalogue besides the success (the health check's 503). */
  otherAnswers?: Answer[];
  /**
   * The catalogue's errors the handler may answer. Those its access, lane, validation and path
   * parameters bring are added from them.
   */
  errors?: readonly ErrorCode[];
}

/** An area of the API: a tag, and its endpoints by operationId. */
export interface Area<E extends Record<string, EndpointSpec> = Record<string, EndpointSpec>> {
  tag: string;
  description: string;
  endpoints: E;
}

/** Declares an area, keeping each endpoint's literal types (its schemas) for the api's handlers and the web's client. */
export const area = <const E extends Record<string, EndpointSpec>>(tag: string, description: string, endpoints: E): Area<E> => ({
  tag,
  description,
  endpoints,
});

/** The success envelope of the JSON calls that are not tool calls: `{ code: 0, data }`. */
export const envelope = <T extends z.ZodType>(data: T) => z.object({ code: z.literal(0), message: z.string().optional(), data });

export const ref = (component: string): JsonSchema => ({ $ref: `#/components/schemas/${component}` });

/** The errors an endpoint may answer: its handler's, and those its declaration brings. */
export function errorsOf(spec: EndpointSpec): ErrorCode[] {
  const codes: ErrorCode[] = [...(spec.errors ?? [])];
  if (spec.body || spec.query || spec.upload) codes.push('ILLEGAL_INPUT');
  for (const param of Object.values(spec.params ?? {})) codes.push(param.refused);
  if (spec.lane === 'upload' || spec.lane === 'transfer') codes.push('TOO_FREQUENT');
  if (spec.lane) codes.push('UNAVAILABLE');
  if (spec.lane === 'transfer') codes.push('SERVICE_BUSY');
  // Every address passes the unstorable-text check (a NUL in it is ILLEGAL_INPUT), whoever may call.
  codes.push('ILLEGAL_INPUT');
  if (spec.access === 'user' || spec.access === 'session') codes.push('NOT_SIGNED_IN');
  if (spec.access === 'session') codes.push('FORBIDDEN');
  // Reading the requester reads the database: while PostgreSQL (or Redis, for a lane) is away, 503 with Retry-After.
  if (spec.access !== 'anyone') codes.push('API_KEY_INVALID', 'TOO_FREQUENT', 'UNAVAILABLE');
  codes.push('INTERNAL');
  return [...new Set(codes)];
}

import express, { type NextFunction, type Request, type RequestHandler, type Response, type Router } from 'express';
import type { z } from 'zod';
import { AI_FREE_LIMITS, AI_UNLIMITED_LIMITS } from '#shared/ai/api';
import { EDIT_LIMITS } from '#shared/editor/operations';
import { AppError } from '#shared/errors';
import type { EndpointSpec, Endpoints } from '#shared/endpoints';
import type { Deps } from '#shared/server/deps';
import { getRequester, requireUser, type Requester } from '../middleware/requester';
import { limitRate, needsRedis, refuseWhenBusy } from '../middleware/traffic';
import { singleFileUpload } from '../middleware/upload';
import { validateBody, validateQuery } from '../middleware/validate';
import { invalidInput } from '../presenters/error-presenter';
import { aiLimitsOf } from '../services/ai/ai-limits';

/** A value as a handler may hand it to res.json: a date where the answer says a (date-time) string. */
type Sendable<T> = T extends string
  ? string extends T
    ? T | Date
    : T
  : T extends readonly (infer I)[]
    ? Sendable<I>[]
    : T extends object
      ? { [K in keyof T]: Sendable<T[K]> }
      : T;

type Parsed<S> = S extends z.ZodType ? z.output<S> : undefined;

/** What a handler is given: the request, already guarded and validated, and who is asking. */
export interface Call<E extends EndpointSpec> {
  req: Request;
  res: Response;
  next: NextFunction;
  who: Requester;
  body: E['body'] extends z.ZodType ? z.output<E['body']> : E['upload'] extends { fields: infer F } ? Parsed<F> : unknown;
  query: Parsed<E['query']>;
  params: { [K in keyof E['params']]: E['params'][K] extends { schema: infer S } ? Parsed<S> : never };
}

/** The JSON a handler answers, typed by its declared answer; a handler that streams, redirects or sets a status answers itself. */
type AnswerOf<E extends EndpointSpec> = E['answer'] extends { schema: infer S } ? Sendable<z.input<S & z.ZodType>> : never;

export type Handler<E extends EndpointSpec> = (call: Call<E>) => Promise<AnswerOf<E> | void> | AnswerOf<E> | void;

export type Handlers<Ids extends keyof Endpoints = keyof Endpoints> = { [K in Ids]: Handler<Endpoints[K]> };

/** The Express form of a declared path: `/api/…/{token}` → `/…/:token` under the api router. */
export const expressPath = (path: string) => path.replace(/^\/api/, '').replace(/\{(\w+)\}/g, ':$1');

/** Keys are managed from a browser session only: a leaked key must not mint more keys, list them, nor change or delete the account. */
export const refuseApiKeys = (_req: Request, res: Response, next: NextFunction) =>
  getRequester(res).apiKeyId ? next(new AppError('FORBIDDEN', 'API keys are managed from a browser session')) : next();

/** The body parser an endpoint needs before the api's common one (64 kB of JSON): raw bytes, or an editor document. */
export function ownBodyParser(spec: EndpointSpec): RequestHandler | undefined {
  if (spec.ownBody?.read === 'raw') return express.raw({ type: '*/*', limit: '1mb' });
  if (spec.ownBody?.read === 'document') return express.json({ limit: EDIT_LIMITS.json + 64 * 1024, strict: true });
  return undefined;
}

function uploadOf(deps: Deps, upload: NonNullable<EndpointSpec['upload']>): RequestHandler {
  const parseFields: RequestHandler = (req, res, next) => {
    const fields = upload.fields.safeParse(req.body ?? {});
    if (!fields.success) return next(invalidInput(upload.fields, fields.error, req.body ?? {}));
    res.locals.body = fields.data;
    next();
  };
  if (upload.cap === 'server') {
    const store = singleFileUpload(deps.env);
    return (req, res, next) => store(req, res, (err) => (err ? next(err) : parseFields(req, res, next)));
  }
  // The assistant's size follows the plan (Free 100 MB, AI plan 1 GB) whatever the general upload limit.
  const byMb = new Map([AI_FREE_LIMITS.maxMb, AI_UNLIMITED_LIMITS.maxMb].map((mb) => [mb, singleFileUpload(deps.env, mb)]));
  return async (req, res, next) => {
    const { maxMb } = await aiLimitsOf(deps, getRequester(res));
    (byMb.get(maxMb) ?? singleFileUpload(deps.env, maxMb))(req, res, (err) => (err ? next(err) : parseFields(req, res, next)));
  };
}

function validateParams(params: NonNullable<EndpointSpec['params']>): RequestHandler {
  return (req, res, next) => {
    const parsed: Record<string, unknown> = {};
    for (const [name, param] of Object.entries(params)) {
      const value = param.schema.safeParse(req.params[name]);
      if (!value.success) return next(new AppError(param.refused, `bad ${name}`));
      parsed[name] = value.data;
    }
    res.locals.params = parsed;
    next();
  };
}

/** The guards and checks an endpoint's declaration asks for, in the order a request meets them. */
function guardsOf(deps: Deps, spec: EndpointSpec): RequestHandler[] {
  const chain: RequestHandler[] = [];
  const own = ownBodyParser(spec);
  if (own && spec.ownBody?.read === 'raw') chain.push(own);
  if (spec.lane) chain.push(needsRedis(deps));
  if (spec.lane === 'upload' || spec.lane === 'transfer') chain.push(limitRate(deps, spec.lane));
  if (spec.lane === 'transfer') chain.push(refuseWhenBusy(deps));
  if (spec.access === 'user' || spec.access === 'session') chain.push(requireUser);
  if (spec.access === 'session') chain.push(refuseApiKeys);
  if (spec.upload) chain.push(uploadOf(deps, spec.upload));
  if (spec.params) chain.push(validateParams(spec.params));
  if (spec.query) chain.push(validateQuery(spec.query));
  if (spec.body) chain.push(validateBody(spec.body));
  return chain;
}

function run(handler: Handler<EndpointSpec>): RequestHandler {
  return async (req, res, next) => {
    const answer = await handler({
      req,
      res,
      next,
      who: res.locals.requester as Requester,
      body: res.locals.body ?? req.body,
      query: res.locals.query,
      params: res.locals.params ?? {},
    } as Call<EndpointSpec>);
    if (answer !== undefined) res.json(answer);
  };
}

/** Mounts these endpoints on the api router (under /api), each behind its declared guards and checks, answered by its handler. */
export function mountEndpoints(router: Router, deps: Deps, endpoints: ReadonlyArray<[string, EndpointSpec]>, handlers: Record<string, unknown>) {
  for (const [id, spec] of endpoints) {
    const handler = handlers[id] as Handler<EndpointSpec> | undefined;
    if (!handler) throw new Error(`No handler for the endpoint ${id}`);
    router[spec.method](expressPath(spec.path), ...guardsOf(deps, spec), run(handler));
  }
}

import type { NextFunction, Request, Response } from 'express';
import { AppError, isAppError } from '#shared/errors';
import { randomId } from '#shared/server/ids';
import { log } from '#shared/server/logger';
import { OUTAGE_RETRY_SECONDS, outages, unreachableService } from '#shared/server/outage';
import { invalidField, presentError } from '../presenters/error-presenter';

/** The one error handler: AppErrors become their envelope; anything else a 500 with a correlation id in the log. */
export function errorHandler(err: unknown, req: Request, res: Response, _next: NextFunction) {
  let appError: AppError;
  if (isAppError(err)) {
    appError = err;
  } else if ((err as { type?: string }).type === 'entity.parse.failed') {
    appError = invalidField('body', 'The request body is not valid JSON');
  } else if ((err as { type?: string }).type === 'entity.too.large') {
    appError = invalidField('body', 'The request body is too large');
  } else if (unreachableService(err)) {
    // PostgreSQL or Redis is away: the outage is logged once (outage.ts), not with every request it fails.
    const service = unreachableService(err)!;
    if (service === 'postgres') outages.down('postgres', err);
    if (service === 'file store') log.warn('file store unreachable', { path: req.path, error: String(err) });
    appError = unavailable();
  } else {
    const correlationId = randomId(12);
    log.error('unhandled error', { correlationId, path: req.path, error: err instanceof Error ? err.stack : String(err) });
    appError = new AppError('INTERNAL', correlationId);
  }
  if (appError.detail && appError.status >= 500) log.warn('request failed', { code: appError.code, detail: appError.detail, path: req.path });
  if (res.headersSent) return res.end();
  const retryAfter = appError.retryAfterSeconds;
  if (retryAfter !== undefined) res.setHeader('Retry-After', String(retryAfter));
  res.status(appError.status).json(presentError(appError));
}

/** The answer while a server the request needs (PostgreSQL, Redis) is away: 503, come back in a few seconds. */
export function unavailable(): AppError {
  const error = new AppError('UNAVAILABLE');
  error.retryAfterSeconds = OUTAGE_RETRY_SECONDS;
  return error;
}

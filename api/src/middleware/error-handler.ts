import type { NextFunction, Request, Response } from 'express';
import { AppError, isAppError } from '#shared/errors';
import { randomId } from '#shared/server/ids';
import { log } from '#shared/server/logger';
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

import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { AppError } from '#shared/errors';

/** Validates the JSON body once at the edge; the parsed value lives on res.locals.body. */
export function validateBody(schema: z.ZodType) {
  return (req: Request, res: Response, next: NextFunction) => {
    const parsed = schema.safeParse(req.body ?? {});
    if (!parsed.success) return next(new AppError('ILLEGAL_INPUT', parsed.error.message));
    res.locals.body = parsed.data;
    next();
  };
}

/** Validates the query string once at the edge; the parsed value lives on res.locals.query (Express 5's req.query is read-only). */
export function validateQuery(schema: z.ZodType) {
  return (req: Request, res: Response, next: NextFunction) => {
    const parsed = schema.safeParse(req.query ?? {});
    if (!parsed.success) return next(new AppError('ILLEGAL_INPUT', parsed.error.message));
    res.locals.query = parsed.data;
    next();
  };
}

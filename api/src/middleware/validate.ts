import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { invalidInput } from '../presenters/error-presenter';

/** Validates the JSON body once at the edge; the parsed value lives on res.locals.body. */
export function validateBody(schema: z.ZodType) {
  return (req: Request, res: Response, next: NextFunction) => {
    const body = req.body ?? {};
    const parsed = schema.safeParse(body);
    if (!parsed.success) return next(invalidInput(schema, parsed.error, body));
    res.locals.body = parsed.data;
    next();
  };
}

/** Validates the query string once at the edge; the parsed value lives on res.locals.query (Express 5's req.query is read-only). */
export function validateQuery(schema: z.ZodType) {
  return (req: Request, res: Response, next: NextFunction) => {
    const query = req.query ?? {};
    const parsed = schema.safeParse(query);
    if (!parsed.success) return next(invalidInput(schema, parsed.error, query));
    res.locals.query = parsed.data;
    next();
  };
}

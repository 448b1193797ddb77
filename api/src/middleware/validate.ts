import type { NextFunction, Request, Response } from 'express';
import type { z } from 'zod';
import { isUnstorableText, unstorableTextProblem, unstorableTextProblems, type FieldProblem } from '#shared/field-problems';
import { InvalidInputError, invalidInput } from '../presenters/error-presenter';

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

/** A percent-encoded part of an address as text; undefined when its bytes are not UTF-8 (a lone surrogate's ED A0 80). */
function decoded(part: string): string | undefined {
  try {
    return decodeURIComponent(part);
  } catch {
    return undefined;
  }
}

const unstorable = (text: string | undefined) => text === undefined || isUnstorableText(text);

/**
 * The address's problems: a path segment is named `path` (no route has matched yet to name it), a
 * query field by its name. Read from the raw address, since the parsers turn bytes that are not
 * UTF-8 into U+FFFD (the query) or a 500 (a route's parameter).
 */
function addressProblems(req: Request): FieldProblem[] {
  const problems: FieldProblem[] = [];
  if (req.path.split('/').some((segment) => unstorable(decoded(segment)))) problems.push(unstorableTextProblem('path'));
  const query = req.originalUrl.split('?').slice(1).join('?');
  for (const pair of query ? query.split('&') : []) {
    const [name, value = ''] = pair.replace(/\+/g, ' ').split(/=(.*)/s);
    const field = decoded(name);
    if (unstorable(field) || unstorable(decoded(value))) problems.push(unstorableTextProblem(field ?? name));
  }
  return problems;
}

/**
 * Refuses, before any route reads the request, text that PostgreSQL cannot store or no UTF-8 can
 * carry (U+0000, unpaired surrogates) anywhere in its address or JSON body: ILLEGAL_INPUT naming each
 * field, for every route at once. A cookie holding such text is dropped instead, as if never sent:
 * a stray cookie must not lock a browser out of the site.
 */
export function refuseUnstorableText(req: Request, _res: Response, next: NextFunction) {
  for (const [name, value] of Object.entries((req.cookies ?? {}) as Record<string, unknown>)) {
    if (unstorableTextProblems(value).length > 0) delete req.cookies[name];
  }
  const problems = [...addressProblems(req), ...unstorableTextProblems(req.body)];
  next(problems.length > 0 ? new InvalidInputError(problems) : undefined);
}

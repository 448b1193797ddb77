import type { z } from 'zod';
import { AppError, ERRORS, type ErrorCode } from '#shared/errors';
import { fieldProblems, problemsMessage, type FieldProblem } from '#shared/field-problems';

/** ILLEGAL_INPUT that names what was wrong: its message says it, `fields` lists it field by field. */
export class InvalidInputError extends AppError {
  constructor(readonly fields: readonly FieldProblem[]) {
    const message = problemsMessage(fields);
    super('ILLEGAL_INPUT', message, message || undefined);
  }
}

/** A request refused by its zod schema, in words that name each field and what it takes. */
export const invalidInput = (schema: z.ZodType, error: z.ZodError, input: unknown) => new InvalidInputError(fieldProblems(schema, error, input));

/**
 * A field refused with a catalogue code of its own (INVALID_EMAIL): the code and its copy as ever,
 * the field named in `data.fields` as ILLEGAL_INPUT names it, so a client knows which box to mark.
 */
export class FieldError extends AppError {
  constructor(code: ErrorCode, readonly field: string, detail?: string) {
    super(code, detail);
  }
}

/** One field refused outright (an unknown tool, a field the tool does not have). */
export const invalidField = (field: string, message: string, allowed?: string[]) =>
  new InvalidInputError([{ field, message, ...(allowed ? { allowed } : {}) }]);

/**
 * The error envelope `{ code, message, error }` (DESIGN.md's `{ code, message?, data? }` with the
 * catalogue code beside it); a refused request adds `data.fields`.
 */
export function presentError(error: AppError) {
  return {
    code: ERRORS[error.code].code,
    message: error.message,
    error: error.code,
    ...(error.retryAfterSeconds !== undefined ? { retryAfter: error.retryAfterSeconds } : {}),
    ...(error instanceof InvalidInputError && error.fields.length ? { data: { fields: error.fields } } : {}),
    ...(error instanceof FieldError ? { data: { fields: [{ field: error.field, message: error.message }] } } : {}),
  };
}

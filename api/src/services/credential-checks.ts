import { AppError, isAppError, type ErrorCode } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { countHit, peekWindow } from './rate-limit';

const WINDOW_SECONDS = 60;

/** The answers that mean a credential was wrong (a link already used, LINK_EXPIRED, is its owner's, not a guess). */
const WRONG_CREDENTIAL = new Set<ErrorCode>(['API_KEY_INVALID', 'LINK_INVALID', 'NOT_SIGNED_IN']);

/**
 * Runs one credential check (an API key, a login link, the metrics token) for a request from `ip`.
 * Each wrong credential counts against the address; past FAILED_AUTH_PER_MINUTE in a minute, every
 * check from it, a right credential included, answers TOO_FREQUENT with Retry-After until the minute
 * ends: guesses go no faster than that, and one that hits meanwhile is not even told so.
 */
export async function checkCredential<T>(deps: Deps, ip: string | undefined, check: () => Promise<T>): Promise<T> {
  const key = `auth-failures:${ip ?? 'unknown'}`;
  const limit = deps.env.FAILED_AUTH_PER_MINUTE;
  const window = await peekWindow(deps, key, limit, WINDOW_SECONDS);
  if (window.exceeded) {
    const refused = new AppError('TOO_FREQUENT', `${key}: ${limit} failed credential checks within ${WINDOW_SECONDS}s`);
    refused.retryAfterSeconds = window.resetSeconds;
    throw refused;
  }
  try {
    return await check();
  } catch (error) {
    if (isAppError(error) && WRONG_CREDENTIAL.has(error.code)) await countHit(deps, key, limit, WINDOW_SECONDS);
    throw error;
  }
}

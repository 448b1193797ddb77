import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import type { ErrorCode } from '#shared/errors';

/**
 * Test data made through the real database, one function per thing, with defaults a test only
 * overrides where the behaviour under test needs it.
 */
export async function createUser(deps: Deps, data: { email?: string; name?: string } = {}) {
  return deps.db.user.create({ data: { email: data.email ?? `user.${randomId(10).toLowerCase()}@example.com`, name: data.name ?? 'Test User' } });
}

/** A live session for the user; `cookie` is the header a browser or fetch sends with it. */
export async function createSession(deps: Deps, userId: string, hours = 1) {
  const token = randomId(48);
  await deps.db.session.create({ data: { token, userId, expiresAt: new Date(Date.now() + hours * 3600_000) } });
  return { token, cookie: `sheafUserToken=${token}` };
}

/** A task in the user's history that failed with a catalogue code. */
export async function createFailedTask(deps: Deps, userId: string, data: { tool?: string; name?: string; errorCode: ErrorCode; errorMessage?: string }) {
  return deps.db.task.create({
    data: {
      tool: data.tool ?? 'merge-pdf',
      name: data.name ?? 'document.pdf',
      status: 'FAILED',
      options: {},
      inputTokens: [],
      errorCode: data.errorCode,
      errorMessage: data.errorMessage,
      userId,
      finishedAt: new Date(),
    },
  });
}

import type { DeductTimesResult } from '#shared/billing/api';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { vipInfoFor } from './entitlement-service';

/** The spec's numCheck: a signed-in Free user's conversions of one UTC day. */
const KIND = 'numCheck';

/**
 * Counts one conversion of a signed-in user against FREE_DAILY_TASKS, atomically (parallel starts
 * cannot pass the limit together). Only when billing is configured: without it nobody could buy
 * their way past the limit. Pro users are never counted. At the limit: DAILY_LIMIT, nothing counted.
 */
export async function countConversion(deps: Deps, userId: string): Promise<DeductTimesResult> {
  const limit = deps.env.FREE_DAILY_TASKS;
  if (!deps.env.billingConfigured || (await vipInfoFor(deps, userId)).isVip) return { used: 0, limit };
  const period = deps.now().toISOString().slice(0, 10);
  const rows = await deps.db.$queryRaw<Array<{ count: number }>>`
    INSERT INTO "UsageCounter" ("id", "userId", "kind", "period", "count", "updatedAt")
    VALUES (${randomId(24)}, ${userId}, ${KIND}, ${period}, 1, now())
    ON CONFLICT ("userId", "kind", "period") DO UPDATE SET "count" = "UsageCounter"."count" + 1, "updatedAt" = now()
    WHERE "UsageCounter"."count" < ${limit}
    RETURNING "count"`;
  if (rows.length === 0) throw new AppError('DAILY_LIMIT', `user ${userId} used ${limit} conversions on ${period}`);
  return { used: rows[0].count, limit };
}

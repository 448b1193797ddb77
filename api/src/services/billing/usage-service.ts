import type { DeductTimesResult } from '#shared/billing/api';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { vipInfoFor } from './entitlement-service';

/** The spec's numCheck: a signed-in Free user's conversions of one UTC day. */
const KIND = 'numCheck';

/** Whose counter: a signed-in user's, or an anonymous visitor's (userId null). */
export interface CounterOwner {
  userId: string | null;
  visitorId: string | null;
}

/** The counters' period: the UTC day. */
export const usagePeriod = (deps: Deps) => deps.now().toISOString().slice(0, 10);

/**
 * Adds one to the owner's `kind` counter of today, atomically (parallel calls cannot pass the limit
 * together), unless it has reached `limit` (null: no limit, counted all the same). Answers the new
 * count, or null at the limit with nothing counted.
 */
export async function countToday(deps: Deps, owner: CounterOwner, kind: string, limit: number | null): Promise<number | null> {
  const period = usagePeriod(deps);
  if (owner.userId) {
    const rows = await deps.db.$queryRaw<Array<{ count: number }>>`
      INSERT INTO "UsageCounter" ("id", "userId", "kind", "period", "count", "updatedAt")
      VALUES (${randomId(24)}, ${owner.userId}, ${kind}, ${period}, 1, now())
      ON CONFLICT ("userId", "kind", "period") DO UPDATE SET "count" = "UsageCounter"."count" + 1, "updatedAt" = now()
      WHERE ${limit}::int IS NULL OR "UsageCounter"."count" < ${limit}::int
      RETURNING "count"`;
    return rows[0]?.count ?? null;
  }
  // A visitor's row has no unique key to conflict on (its userId is null, and nulls never collide):
  // a transaction lock on this counter serialises its increments instead.
  const visitorId = owner.visitorId!;
  return deps.db.$transaction(async (tx) => {
    await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`usage:${visitorId}:${kind}:${period}`}))`;
    const row = await tx.usageCounter.findFirst({ where: { userId: null, visitorId, kind, period } });
    if (row && limit !== null && row.count >= limit) return null;
    if (row) return (await tx.usageCounter.update({ where: { id: row.id }, data: { count: { increment: 1 } } })).count;
    await tx.usageCounter.create({ data: { visitorId, kind, period, count: 1 } });
    return 1;
  });
}

/**
 * Counts one conversion of a signed-in user against FREE_DAILY_TASKS. Only when billing is
 * configured: without it nobody could buy their way past the limit. Pro users are never counted.
 * At the limit: DAILY_LIMIT, nothing counted.
 */
export async function countConversion(deps: Deps, userId: string): Promise<DeductTimesResult> {
  const limit = deps.env.FREE_DAILY_TASKS;
  if (!deps.env.billingConfigured || (await vipInfoFor(deps, userId)).isVip) return { used: 0, limit };
  const used = await countToday(deps, { userId, visitorId: null }, KIND, limit);
  if (used === null) throw new AppError('DAILY_LIMIT', `user ${userId} used ${limit} conversions on ${usagePeriod(deps)}`);
  return { used, limit };
}

import { AI_FREE_LIMITS, AI_UNLIMITED_LIMITS, type AiLimits } from '#shared/ai/api';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import type { Requester } from '../../middleware/requester';
import { vipInfoFor } from '../billing/entitlement-service';
import { countToday, usagePeriod } from '../billing/usage-service';
import { ownedRowsWhere } from '../file-service';

/** The UsageCounter kind of the AI assistant's questions (one row per requester and UTC day). */
const QUESTION_KIND = 'ai-question';

/** The requester's AI documents: a user's own, or a visitor's not yet adopted by an account. */

/**
 * The AI plan (or Pro, which includes it) lifts every limit; visitors and Free users have the Free
 * table. Without billing nobody could lift them, so there are none (like the daily conversions and
 * the Pro features): only the server's own upload size applies.
 */
export async function aiLimitsOf(deps: Deps, who: Requester): Promise<AiLimits> {
  if (!deps.env.billingConfigured) return { ...AI_UNLIMITED_LIMITS, maxMb: deps.env.MAX_UPLOAD_MB };
  if (who.userId && (await vipInfoFor(deps, who.userId)).isAiTimeVip) return AI_UNLIMITED_LIMITS;
  return AI_FREE_LIMITS;
}

/** Counts one question of today; past the plan's daily questions: AI_QUESTION_LIMIT, nothing counted. */
export async function takeQuestion(deps: Deps, who: Requester): Promise<void> {
  const { questionsPerDay } = await aiLimitsOf(deps, who);
  const count = await countToday(deps, who, QUESTION_KIND, questionsPerDay);
  if (count === null) throw new AppError('AI_QUESTION_LIMIT', `${who.userId ?? who.visitorId} asked ${questionsPerDay} questions on ${usagePeriod(deps)}`);
}

/** What the requester holds and has used today, for the limits the pages show. */
export async function aiUsageOf(deps: Deps, who: Requester): Promise<{ files: number; questionsToday: number }> {
  const [files, counter] = await Promise.all([
    deps.db.aiDocument.count({ where: ownedRowsWhere(who) }),
    deps.db.usageCounter.findFirst({ where: { ...ownedRowsWhere(who), kind: QUESTION_KIND, period: usagePeriod(deps) }, select: { count: true } }),
  ]);
  return { files, questionsToday: counter?.count ?? 0 };
}

import { AI_UNLIMITED_LIMITS, aiLimitsOn, baseAiLimits, type AiLimits } from '#shared/ai/api';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import type { Requester } from '../../middleware/requester';
import { vipInfoFor } from '../billing/entitlement-service';
import { countToday, usagePeriod } from '../billing/usage-service';
import { ownedRowsWhere } from '../file-service';

/** The UsageCounter kind of the AI assistant's questions (one row per requester and UTC day). */
const QUESTION_KIND = 'ai-question';

/** The requester's AI documents: a user's own, or a visitor's not yet adopted by an account. */

/** The AI plan (or Pro, which includes it) lifts every limit but the server's pages; visitors and Free users have the base ones. */
export async function aiLimitsOf(deps: Deps, who: Requester): Promise<AiLimits> {
  const { billingConfigured, MAX_UPLOAD_MB, AI_MAX_PAGES } = deps.env;
  if (billingConfigured && who.userId && (await vipInfoFor(deps, who.userId)).isAiTimeVip) return aiLimitsOn(AI_UNLIMITED_LIMITS, AI_MAX_PAGES);
  return baseAiLimits(billingConfigured, MAX_UPLOAD_MB, AI_MAX_PAGES);
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

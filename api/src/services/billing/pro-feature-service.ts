import { usesProOperation } from '#shared/billing/pro-features';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import type { Requester } from '../../middleware/requester';
import { vipInfoFor } from './entitlement-service';

/**
 * Refuses a task that uses a Pro feature (PRO_FEATURE) unless the requester holds Pro or its trial.
 * Only with billing configured: without it nobody could buy the feature, so it is free.
 */
export async function assertMayUseProFeatures(deps: Deps, who: Requester, options: Record<string, unknown>): Promise<void> {
  if (!deps.env.billingConfigured || !usesProOperation(options)) return;
  if (who.userId && (await vipInfoFor(deps, who.userId)).isVip) return;
  throw new AppError('PRO_FEATURE', `${who.userId ? `user ${who.userId}` : 'visitor'} without Pro edits existing text`);
}

import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import type { Requester } from '../middleware/requester';
import { checkFetchableUrl } from './fetchable-url';

/**
 * The webhookUrl of a transfer, checked before the task exists: only a request made with an API key
 * may carry one (its key's secret signs the deliveries), and only an address Sheaf may connect to.
 */
export async function checkWebhookUrl(deps: Deps, who: Requester, webhookUrl: string | undefined): Promise<string | null> {
  if (webhookUrl === undefined) return null;
  if (!who.apiKeyId) throw new AppError('WEBHOOK_NEEDS_KEY', 'webhookUrl without an API key');
  return (await checkFetchableUrl(deps, webhookUrl, 'webhookUrl')).href;
}

import { AppError, isAppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { checkUrl, isBlockedError } from '#shared/server/ssrf-guard';
import type { Requester } from '../middleware/requester';

/**
 * The webhookUrl of a transfer, checked before the task exists: only a request made with an API key
 * may carry one (its key's secret signs the deliveries), only http(s), and only where the SSRF guard
 * of HTML to PDF lets Sheaf connect. The worker checks it again at each delivery, as a name may
 * resolve elsewhere by then.
 */
export async function checkWebhookUrl(deps: Deps, who: Requester, webhookUrl: string | undefined): Promise<string | null> {
  if (webhookUrl === undefined) return null;
  if (!who.apiKeyId) throw new AppError('WEBHOOK_NEEDS_KEY', 'webhookUrl without an API key');
  let url: URL;
  try {
    url = new URL(webhookUrl);
  } catch {
    throw new AppError('URL_INVALID', 'webhookUrl is not a URL');
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('URL_INVALID', `webhookUrl scheme ${url.protocol}`);
  try {
    await checkUrl(url, { allowlist: deps.env.URL_FETCH_ALLOWLIST });
  } catch (e) {
    // A refused address keeps URL_BLOCKED; a name that does not resolve is not a usable URL.
    if (isBlockedError(e)) throw e;
    throw new AppError('URL_INVALID', `webhookUrl: ${isAppError(e) ? e.detail : String(e)}`);
  }
  return url.href;
}

import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { checkUrl } from '#shared/server/ssrf-guard';

/**
 * An address the server is asked to connect to (a page to convert, a webhook's receiver), checked
 * when the request arrives so the requester hears why at once: only http(s) (URL_INVALID), only
 * where the SSRF guard lets Sheaf connect (URL_BLOCKED), and a name that resolves (URL_NOT_FOUND).
 * The worker checks again on every connection, as a name may resolve elsewhere by then.
 */
export async function checkFetchableUrl(deps: Deps, raw: string, what: string): Promise<URL> {
  let url: URL;
  try {
    url = new URL(raw);
  } catch {
    throw new AppError('URL_INVALID', `${what} is not a URL`);
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') throw new AppError('URL_INVALID', `${what} scheme ${url.protocol}`);
  await checkUrl(url, { allowlist: deps.env.URL_FETCH_ALLOWLIST });
  return url;
}

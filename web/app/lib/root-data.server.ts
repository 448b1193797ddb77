import type { RouterContextProvider } from 'react-router';
import { pageServices } from './page-services.server';
import { detectLanguage, hasSessionCookie } from './session.server';
import { chromeConfig } from './site-config.server';

/**
 * The language detection of the root path, the public origin for canonical and hreflang links
 * (PUBLIC_URL: never the request's Host header, which a client can forge), whether the request carries a session, what the
 * header and footer need from the server, and the upload limit the tool flows check before sending.
 */
export function rootData(request: Request, context: Readonly<RouterContextProvider>) {
  detectLanguage(request);
  const { config, billing } = pageServices(context);
  return {
    origin: config.PUBLIC_URL,
    hasSession: hasSessionCookie(request),
    maxUploadMb: config.MAX_UPLOAD_MB,
    aiMaxPages: config.AI_MAX_PAGES,
    // Without billing every Upgrade, Pay and Buy says 'Payment method not configured'.
    billingConfigured: billing.configured,
    // Who may download results: the tool pages say it before the work is done.
    downloadPolicy: config.DOWNLOAD_POLICY,
    freeDailyTasks: config.FREE_DAILY_TASKS,
    ...chromeConfig(request, config),
  };
}

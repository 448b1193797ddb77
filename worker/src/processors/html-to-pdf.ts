import { writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFDocument } from 'pdf-lib';
import type { BrowserContext, Page, Request } from 'playwright-core';
import { AppError, isAppError } from '#shared/errors';
import { RequestGuard, isBlockedError } from '#shared/server/ssrf-guard';
import htmlTool from '#shared/tools/html-to-pdf';
import { newBrowserContext } from '../engines/chromium';
import { startGuardedProxy } from '../html-to-pdf/guarded-proxy';
import { pageFileName } from '../html-to-pdf/page-file-name';
import { printLayout, unpinElements, windowSize } from '../html-to-pdf/print-layout';
import { defineProcessor } from '../contract/processor';

/** Time for the whole conversion beyond the page's load limit (HTML_LOAD_SECONDS): settle, render. */
const AFTER_LOAD_MS = 30_000;
/** After `load`, time left for late requests (lazy images, web fonts) to finish. */
const SETTLE_MS = 3_000;
/** Everything the page downloads, together. */
export const MAX_DOWNLOAD_BYTES = 50 * 1024 * 1024;

/** Schemes that never reach the network. */
const LOCAL_SCHEMES = new Set(['data:', 'blob:', 'about:']);

/**
 * A web page to PDF with Chromium. Every request the page makes — the page, its redirects,
 * subresources, frames, scripts' fetches — is checked by the job's SSRF guard twice: by the route
 * handler before Chromium sends it (http and https only; WebSockets are closed), and by the guarded
 * proxy that carries it, which connects to the address the guard resolved (redirects, which the
 * route handler does not see, are caught there). When the page itself is refused the task fails
 * with URL_BLOCKED; a refused picture or frame only stays blank.
 */
const htmlToPdf = defineProcessor(htmlTool, async (ctx) => {
  if (ctx.signal.aborted) throw new AppError('TASK_FAILED', 'aborted before start');
  const { url, media, background } = ctx.options;
  // Pages beyond maxPages are not rendered: an endless page stops there.
  const { HTML_LOAD_SECONDS: loadSeconds, HTML_MAX_PAGES: maxPages, URL_FETCH_ALLOWLIST: allowlist } = ctx.config;
  const guard = new RequestGuard({ allowlist });
  const target = new URL(url);
  // Refuse an internal address before starting anything.
  await guard.checkUrl(target);
  await ctx.progress(0.05);

  const tooLarge = new AbortController();
  const deadline = AbortSignal.any([ctx.signal, AbortSignal.timeout(loadSeconds * 1000 + AFTER_LOAD_MS), tooLarge.signal]);
  const proxy = await startGuardedProxy(guard, { maxBytes: MAX_DOWNLOAD_BYTES, onLimit: () => tooLarge.abort('download limit') });
  let context: BrowserContext | undefined;
  let mainFrameRefused = false;
  const mainFrameUrls: string[] = [];
  const closeContext = () => void context?.close().catch(() => undefined);
  deadline.addEventListener('abort', closeContext, { once: true });
  const refused = () => mainFrameRefused || mainFrameUrls.some((u) => guard.refusedUrl(u));

  try {
    context = await newBrowserContext({
      proxy: { server: proxy.url },
      serviceWorkers: 'block',
      acceptDownloads: false,
      viewport: windowSize(ctx.options),
    });
    if (deadline.aborted) throw new AppError('TASK_FAILED', 'aborted');
    await context.routeWebSocket(/.*/, (ws) => ws.close({ code: 1008, reason: 'not allowed' }));
    let page: Page | undefined;
    await context.route('**/*', async (route) => {
      const request = route.request();
      const requestUrl = request.url();
      if (LOCAL_SCHEMES.has(requestUrl.slice(0, requestUrl.indexOf(':') + 1))) return route.continue().catch(() => undefined);
      const verdict = await guard.checkUrl(requestUrl).then(
        () => undefined,
        (e: unknown) => e,
      );
      if (verdict === undefined) return route.continue().catch(() => undefined);
      const blocked = isBlockedError(verdict);
      if (blocked && page && isMainFrameNavigation(request, page)) mainFrameRefused = true;
      await route.abort(blocked ? 'blockedbyclient' : 'namenotresolved').catch(() => undefined);
    });
    // Pop-ups would fetch on the job's budget and print nothing.
    context.on('page', (other) => {
      if (page && other !== page) void other.close().catch(() => undefined);
    });

    page = await context.newPage();
    const main = page;
    // Redirects of the page do not reach the route handler: remember every URL the main frame
    // asked for, so a redirect to a refused address is reported as one.
    main.on('request', (request) => {
      if (isMainFrameNavigation(request, main)) mainFrameUrls.push(request.url());
    });
    main.on('dialog', (dialog) => void dialog.dismiss().catch(() => undefined));
    // By default the page as it looks on screen, which is what the user saw when copying its address.
    await main.emulateMedia({ media });

    let navigationError: unknown;
    const response = await main.goto(target.href, { waitUntil: 'load', timeout: loadSeconds * 1000 }).catch((e: unknown) => {
      navigationError = e;
      return null;
    });
    if (refused()) throw new AppError('URL_BLOCKED', `the page or its redirect was refused: ${mainFrameUrls.join(' → ')}`);
    if (navigationError instanceof Error && navigationError.name === 'TimeoutError') {
      throw new AppError('URL_TIMEOUT', `the page did not finish loading within ${loadSeconds} s`);
    }
    if (navigationError !== undefined || !response) {
      throw new AppError('TASK_FAILED', `page did not load: ${navigationError instanceof Error ? navigationError.message.split('\n')[0] : 'no response'}`);
    }
    await ctx.progress(0.5);
    await main.waitForLoadState('networkidle', { timeout: SETTLE_MS }).catch(() => undefined);
    await main
      .evaluate((ms) => Promise.race([document.fonts.ready.then(() => undefined), new Promise<void>((r) => setTimeout(r, ms))]), SETTLE_MS)
      .catch(() => undefined);
    if (refused()) throw new AppError('URL_BLOCKED', `the page navigated to a refused address: ${mainFrameUrls.join(' → ')}`);
    await ctx.progress(0.7);

    // The page's print styles place their own fixed elements, sometimes to repeat them on purpose.
    if (media === 'screen') await main.evaluate(unpinElements);
    const content = await main.evaluate(() => {
      const root = document.documentElement;
      return { width: Math.max(root.scrollWidth, document.body?.scrollWidth ?? 0), height: Math.max(root.scrollHeight, document.body?.scrollHeight ?? 0) };
    });
    const title = await main.title().catch(() => '');
    const layout = printLayout(ctx.options, content);
    const margin = `${layout.margin}px`;
    const pdf = await main.pdf({
      width: `${layout.width}px`,
      height: `${layout.height}px`,
      scale: layout.scale,
      printBackground: background,
      margin: { top: margin, right: margin, bottom: margin, left: margin },
      pageRanges: `1-${maxPages}`,
    });
    const pages = (await PDFDocument.load(pdf, { updateMetadata: false })).getPageCount();
    if (pages < 1) throw new AppError('TASK_FAILED', 'chromium wrote no page');
    const output = path.join(ctx.workDir, 'page.pdf');
    await writeFile(output, pdf);
    await ctx.progress(0.95);
    return { outputs: [{ path: output, name: pageFileName(title, target) }] };
  } catch (e) {
    if (tooLarge.signal.aborted) throw new AppError('FILE_TOO_LARGE', `the page downloaded more than ${MAX_DOWNLOAD_BYTES} bytes`);
    if (refused()) throw new AppError('URL_BLOCKED', `refused: ${mainFrameUrls.join(' → ')}`);
    if (isAppError(e)) throw e;
    if (deadline.aborted) throw new AppError('URL_TIMEOUT', `html-to-pdf stopped: ${String(deadline.reason)}`);
    throw new AppError('TASK_FAILED', `html-to-pdf: ${e instanceof Error ? e.message.split('\n')[0] : String(e)}`);
  } finally {
    deadline.removeEventListener('abort', closeContext);
    await context?.close().catch(() => undefined);
    await proxy.close();
  }
});

/** Whether a request loads the page's own document (a pop-up's first request has no frame yet). */
function isMainFrameNavigation(request: Request, page: Page): boolean {
  if (!request.isNavigationRequest()) return false;
  try {
    return request.frame() === page.mainFrame();
  } catch {
    return false;
  }
}

export default htmlToPdf;

import { PassThrough } from 'node:stream';
import { createReadableStreamFromReadable } from '@react-router/node';
import { isbot } from 'isbot';
import type { RenderToPipeableStreamOptions } from 'react-dom/server';
import { renderToPipeableStream } from 'react-dom/server';
import { RouterContextProvider, ServerRouter, type EntryContext, type RouterContext } from 'react-router';
import { RESOURCES } from '#shared/i18n';
import type { WebServerEntry } from '#shared/web-contract';
import { CspNonce, cspNonceContext } from '~/lib/csp-nonce';
import { provideServerCopy } from '~/lib/i18n';
import { pageServicesContext } from '~/lib/page-services.server';

provideServerCopy(RESOURCES);

export const streamTimeout = 5_000;

/**
 * The load context of one request, from the values the API hands in (its getLoadContext calls this
 * through the build). Built here, so the context keys and React Router's classes are the build's own.
 */
export const loadContext: WebServerEntry['loadContext'] = ({ services, cspNonce }) =>
  new RouterContextProvider(
    new Map<RouterContext, unknown>([
      [pageServicesContext, services],
      [cspNonceContext, cspNonce],
    ]),
  );

/**
 * React Router's default server entry, plus the response's Content-Security-Policy nonce: on React's
 * and React Router's inline scripts (hydration data, module import, scroll restoration, streamed
 * data) and, through CspNonce, on the inlined stylesheet.
 */
export default function handleRequest(
  request: Request,
  responseStatusCode: number,
  responseHeaders: Headers,
  routerContext: EntryContext,
  loadContext: RouterContextProvider,
) {
  // https://httpwg.org/specs/rfc9110.html#HEAD
  if (request.method.toUpperCase() === 'HEAD') return new Response(null, { status: responseStatusCode, headers: responseHeaders });
  const nonce = loadContext.get(cspNonceContext);

  return new Promise((resolve, reject) => {
    let shellRendered = false;
    const userAgent = request.headers.get('user-agent');
    // Crawlers wait for all content; browsers get the shell first.
    const readyOption: keyof RenderToPipeableStreamOptions = (userAgent && isbot(userAgent)) || routerContext.isSpaMode ? 'onAllReady' : 'onShellReady';
    // Abort after streamTimeout, leaving time to flush down the rejected boundaries.
    let timeoutId: ReturnType<typeof setTimeout> | undefined = setTimeout(() => abort(), streamTimeout + 1000);

    const { pipe, abort } = renderToPipeableStream(
      <CspNonce.Provider value={nonce}>
        <ServerRouter context={routerContext} url={request.url} nonce={nonce} />
      </CspNonce.Provider>,
      {
        nonce,
        [readyOption]() {
          shellRendered = true;
          const body = new PassThrough({
            final(callback) {
              clearTimeout(timeoutId);
              timeoutId = undefined;
              callback();
            },
          });
          responseHeaders.set('Content-Type', 'text/html');
          pipe(body);
          resolve(new Response(createReadableStreamFromReadable(body), { headers: responseHeaders, status: responseStatusCode }));
        },
        onShellError(error: unknown) {
          reject(error);
        },
        onError(error: unknown) {
          responseStatusCode = 500;
          // Errors of the shell itself are logged by handleDocumentRequest.
          if (shellRendered) console.error(error);
        },
      },
    );
  });
}

import { randomBytes } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { NextFunction, Request, Response } from 'express';
import helmet from 'helmet';
import type { Env } from '#shared/env';

/** The nonce of this response's inline scripts and style element (see web/app/entry.server.tsx). */
export const cspNonceOf = (res: Response): string => res.locals.cspNonce as string;

const nonce = (_req: IncomingMessage, res: ServerResponse) => `'nonce-${cspNonceOf(res as Response)}'`;

/**
 * The pages are server rendered: their inline scripts (React Router's hydration data and module
 * import, the scroll restoration) and the inlined stylesheet carry this response's nonce, so
 * neither scripts nor styles need 'unsafe-inline'. Style attributes are set by React from script
 * (through the CSSOM, which the policy does not govern), never written in the served HTML.
 * Previews: pdf.js runs in a worker from /assets and reads the chosen file through a blob: URL;
 * covers are data: URLs drawn from a canvas. Google sign-in is the redirect flow, no Google script.
 */
function policy(https: boolean) {
  return helmet({
    contentSecurityPolicy: {
      useDefaults: false,
      directives: {
        defaultSrc: ["'self'"],
        baseUri: ["'self'"],
        objectSrc: ["'none'"],
        frameAncestors: ["'none'"],
        formAction: ["'self'"],
        scriptSrc: ["'self'", nonce],
        scriptSrcAttr: ["'none'"],
        styleSrc: ["'self'", nonce],
        imgSrc: ["'self'", 'data:', 'blob:'],
        fontSrc: ["'self'", 'data:'],
        connectSrc: ["'self'", 'blob:'],
        workerSrc: ["'self'"],
        upgradeInsecureRequests: https ? [] : null,
      },
    },
    // Only over HTTPS: a browser ignores it on plain HTTP, and a local http:// install must stay reachable.
    strictTransportSecurity: https ? { maxAge: 180 * 24 * 3600 } : false,
    xFrameOptions: { action: 'deny' },
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
  });
}

/**
 * A page's scripts and stylesheets (/assets/*.js, *.css) answer for no document: the policy, framing
 * and referrer headers would do nothing there but cost each of a page's dozen scripts about 800 bytes
 * of headers. They keep `nosniff` and the resource policy. A worker's script (pdf.js's .mjs) runs
 * under the policy its own response carries, so it keeps them all.
 */
const SUBRESOURCE = /^\/assets\/[^/]+\.(js|css)$/;
const subresourceHeaders = helmet({
  contentSecurityPolicy: false,
  crossOriginOpenerPolicy: false,
  originAgentCluster: false,
  referrerPolicy: false,
  strictTransportSecurity: false,
  xDnsPrefetchControl: false,
  xDownloadOptions: false,
  xFrameOptions: false,
  xPermittedCrossDomainPolicies: false,
  xXssProtection: false,
});

/**
 * Helmet's headers on every answer (pages, API, downloads: `nosniff` among them), with a fresh CSP
 * nonce per response. PUBLIC_URL is read per request: tests set it once the server listens.
 */
export function securityHeaders(env: Pick<Env, 'PUBLIC_URL'>) {
  const overHttps = policy(true);
  const overHttp = policy(false);
  return (req: Request, res: Response, next: NextFunction) => {
    if (SUBRESOURCE.test(req.path)) return subresourceHeaders(req, res, next);
    res.locals.cspNonce = randomBytes(16).toString('base64');
    (env.PUBLIC_URL.startsWith('https:') ? overHttps : overHttp)(req, res, next);
  };
}

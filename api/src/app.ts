import fs from 'node:fs';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { ServerBuild } from 'react-router';
import { ENDPOINTS } from '#shared/endpoints';
import type { EndpointSpec } from '#shared/endpoints/endpoint';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { projectPath } from '#shared/server/project-paths';
import type { PageServices, WebServerEntry } from '#shared/web-contract';
import { errorHandler } from './middleware/error-handler';
import { measureRequests, metricsEndpoint } from './middleware/metrics';
import { limitApiKeyRate } from './middleware/traffic';
import { ensureVisitorId, requester } from './middleware/requester';
import { cspNonceOf, securityHeaders } from './middleware/security-headers';
import { refuseUnstorableText } from './middleware/validate';
import { expressPath, mountEndpoints, ownBodyParser } from './routes/endpoint-router';
import { allHandlers } from './routes/handlers';
import { blogService } from './services/blog-service';
import { pricingProducts } from './services/billing/product-service';

type Declared = [string, EndpointSpec];
const DECLARED = Object.entries(ENDPOINTS) as Declared[];
/** Read before the common JSON parser: raw bytes (Stripe's signed events). */
const RAW_BODY = DECLARED.filter(([, e]) => e.ownBody?.read === 'raw');
/** Their own JSON size (an editor document), parsed before the common 64 kB parser would refuse them. */
const LARGE_BODY = DECLARED.filter(([, e]) => e.ownBody?.read === 'document');
/** Answered before the requester is read: no key checked, no visitor cookie set. */
const OPEN = DECLARED.filter(([, e]) => e.access === 'anyone' && !RAW_BODY.some(([, raw]) => raw === e));
const REQUESTER = DECLARED.filter(([, e]) => e.access !== 'anyone');

const WEB_BUILD = projectPath('web/build');

/** Builds the Express app (no listen), so tests can drive it with supertest. */
export function createApp(deps: Deps, opts: { web?: boolean } = {}): Express {
  const app = express();
  app.disable('x-powered-by');
  app.set('trust proxy', deps.env.TRUST_PROXY);
  app.use(securityHeaders(deps.env));

  // Unset, there is no /metrics at all (404), rather than one anybody could read.
  if (deps.env.METRICS_TOKEN) app.get('/metrics', metricsEndpoint(deps, deps.env.METRICS_TOKEN));

  const api = express.Router();
  const handlers = allHandlers(deps);
  api.use(measureRequests());
  mountEndpoints(api, deps, RAW_BODY, handlers);
  for (const [, e] of LARGE_BODY) api.use(expressPath(e.path), ownBodyParser(e)!);
  api.use(express.json({ limit: '64kb', strict: true }));
  api.use(cookieParser());
  api.use(refuseUnstorableText);
  mountEndpoints(api, deps, OPEN, handlers);
  api.use(requester(deps));
  api.use(limitApiKeyRate(deps));
  mountEndpoints(api, deps, REQUESTER, handlers);
  api.use((_req, _res, next) => next(new AppError('NOT_FOUND', 'no such API route')));
  api.use(errorHandler);
  app.use('/api', api);

  if (opts.web !== false && fs.existsSync(path.join(WEB_BUILD, 'server/index.js'))) mountWeb(app, deps);
  return app;
}

/** Serves the server-rendered React app and its static assets. */
function mountWeb(app: Express, deps: Deps) {
  // Pages, scripts and styles are text: compressed, a page's JavaScript weighs a third as much on the wire.
  app.use(compression());
  app.use('/assets', express.static(path.join(WEB_BUILD, 'client/assets'), { immutable: true, maxAge: '1y' }));
  app.use(express.static(path.join(WEB_BUILD, 'client'), { maxAge: '1h', index: false }));
  app.use(cookieParser());
  // Pages hand out the visitor id, so a page's parallel first uploads all belong to one visitor.
  app.use((req, res, next) => {
    ensureVisitorId(deps.env, req, res);
    next();
  });
  // The pages' loaders read the blog and the configuration they state through the API's own services,
  // and the server entry this response's CSP nonce: the build's entry makes them its load context.
  const services: PageServices = {
    blog: blogService(deps.db),
    billing: { configured: deps.env.billingConfigured, products: (lang, businessType) => pricingProducts(deps, lang, { businessType }) },
    config: deps.env,
  };
  const loadBuild = (): Promise<ServerBuild> => import(path.join(WEB_BUILD, 'server/index.js'));
  app.all(
    '/{*splat}',
    createRequestHandler({
      build: loadBuild,
      getLoadContext: async (_req, res) => webEntry(await loadBuild()).loadContext({ services, cspNonce: cspNonceOf(res) }),
    }),
  );
}

/** The build's server entry, checked for what #shared/web-contract says it exports. */
function webEntry(build: ServerBuild): WebServerEntry {
  const entry = build.entry.module as Partial<WebServerEntry>;
  if (typeof entry.loadContext !== 'function') throw new Error('The web build\'s server entry exports no loadContext: rebuild it (npm run build).');
  return entry as WebServerEntry;
}

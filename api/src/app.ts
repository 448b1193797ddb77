import fs from 'node:fs';
import path from 'node:path';
import { createRequestHandler } from '@react-router/express';
import compression from 'compression';
import cookieParser from 'cookie-parser';
import express, { type Express } from 'express';
import type { ServerBuild } from 'react-router';
import { EDIT_LIMITS } from '#shared/editor/operations';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { projectPath } from '#shared/server/project-paths';
import type { PageServices, WebServerEntry } from '#shared/web-contract';
import { errorHandler } from './middleware/error-handler';
import { measureRequests, metricsEndpoint } from './middleware/metrics';
import { limitApiKeyRate, limitRate, needsRedis, refuseWhenBusy } from './middleware/traffic';
import { ensureVisitorId, requester } from './middleware/requester';
import { cspNonceOf, securityHeaders } from './middleware/security-headers';
import { refuseUnstorableText } from './middleware/validate';
import { openApiDocument } from './openapi/document';
import { renderApiDocs } from './openapi/view';
import { askRouter } from './routes/ai/ask-router';
import { aiUploadRouter, documentsRouter } from './routes/ai/documents-router';
import { billingWebhookRouter } from './routes/billing/router';
import { fileRouter } from './routes/file/router';
import { formRouter } from './routes/form/router';
import { healthRouter } from './routes/health/router';
import { orderRouter } from './routes/order/router';
import { productRouter } from './routes/product/router';
import { translateRouter } from './routes/ai/translate-router';
import { userRouter } from './routes/user/router';
import { blogRouter } from './routes/blog/router';
import { contactRouter } from './routes/contact/router';
import { blogService } from './services/blog-service';
import { pricingProducts } from './services/billing/product-service';

/** The routes that take an upload, and those that start a task (answered like a transfer). */
const UPLOAD_ROUTES = ['/miaohui/file/upload', '/miaohui/file/unLoginUpload', '/miaohui/file/uploadAiPdf'];
const TRANSFER_ROUTES = ['/miaohui/file/transfer', '/miaohui/file/unLoginTransfer', '/dhjai/translate'];

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
  api.use(measureRequests());
  api.use('/billing', billingWebhookRouter(deps));
  // An editor document (its operations, its drawn ink) is far larger than any other request.
  api.use(['/miaohui/file/transfer', '/miaohui/file/unLoginTransfer'], express.json({ limit: EDIT_LIMITS.json + 64 * 1024, strict: true }));
  api.use(express.json({ limit: '64kb', strict: true }));
  api.use(cookieParser());
  api.use(refuseUnstorableText);
  api.use('/health', healthRouter(deps));
  api.get('/docs', (_req, res) => res.json(openApiDocument()));
  api.get('/docs/view', (_req, res) => res.type('html').send(renderApiDocs(openApiDocument(), cspNonceOf(res))));
  api.use(requester(deps));
  api.use(limitApiKeyRate(deps));
  api.post(UPLOAD_ROUTES, needsRedis(deps), limitRate(deps, 'upload'));
  api.post(TRANSFER_ROUTES, needsRedis(deps), limitRate(deps, 'transfer'), refuseWhenBusy(deps));
  api.get('/miaohui/file/thumb/:token/:page', needsRedis(deps));
  api.use('/user', userRouter(deps));
  api.use('/miaohui/seo', blogRouter(deps));
  api.use('/contact', contactRouter(deps));
  api.use('/miaohui/file', aiUploadRouter(deps));
  api.use('/miaohui/file', fileRouter(deps));
  api.use('/forms', formRouter(deps));
  api.use('/product', productRouter(deps));
  api.use('/uc/order', orderRouter(deps));
  api.use('/dhjai', documentsRouter(deps));
  api.use('/dhjai', askRouter(deps));
  api.use('/dhjai', translateRouter(deps));
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

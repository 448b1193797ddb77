import { createContext, type RouterContext, type RouterContextProvider } from 'react-router';
import type { BlogService } from '../../../api/src/services/blog-service';
import type { Env } from '#shared/env';

/** What the server-rendered pages read on the server: the blog, and the configuration they state. */
export interface PageServices {
  blog: BlogService;
  config: Pick<Env, 'FILE_RETENTION_MINUTES' | 'SESSION_DAYS' | 'MAX_UPLOAD_MB' | 'DOWNLOAD_POLICY' | 'DESKTOP_WINDOWS_URL' | 'DESKTOP_MAC_URL' | 'EBOOK_MAX_FILES' | 'PUBLIC_URL'>;
}

const KEY = Symbol.for('sheaf.page-services');
const holder = globalThis as typeof globalThis & { [KEY]?: RouterContext<PageServices | null> };

/**
 * The API hands its services to the pages' loaders through this context. The API (run from source)
 * and the web server bundle (built by Vite) each load their own copy of this module, so the key
 * lives on globalThis: both copies must hold the very same context object.
 */
export const pageServicesContext: RouterContext<PageServices | null> = (holder[KEY] ??= createContext<PageServices | null>(null));

/** The services from a loader's context; only the API's server provides them (not `react-router dev`). */
export function pageServices(context: Readonly<RouterContextProvider>): PageServices {
  const services = context.get(pageServicesContext);
  if (!services) throw new Error('This page reads data on the server: serve the web app through the API (npm run api).');
  return services;
}

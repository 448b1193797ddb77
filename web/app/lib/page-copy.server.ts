import { PAGE_RESOURCES, RESOURCES, type PageCopyFile } from '#shared/i18n';
import type { RouteCopyFile } from './copy/bundle';
import { langFromPath } from './i18n';
import type { PageCopy } from './page-copy';

/**
 * A page-only copy file in the request's language, for a loader to return as `pageCopy`: the whole
 * file, or one entry of it (a tool's guide).
 */
export function pageCopy(request: Request, file: PageCopyFile, entry?: string): PageCopy {
  const lang = langFromPath(new URL(request.url).pathname);
  const all: Record<string, unknown> = PAGE_RESOURCES[lang][file];
  return { lang, copy: { [file]: entry === undefined ? all : { [entry]: all[entry] } } };
}

/**
 * The ROUTE_COPY files a route shows, in the request's language, with the page-only copy it
 * already returns: what a route's loader returns as `pageCopy`.
 */
export function routeCopy(request: Request, files: readonly RouteCopyFile[], page?: PageCopy): PageCopy {
  const lang = langFromPath(new URL(request.url).pathname);
  return { lang, copy: { ...page?.copy, ...Object.fromEntries(files.map((file) => [file, RESOURCES[lang][file]])) } };
}

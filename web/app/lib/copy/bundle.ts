import type { Lang, PageCopyFile, RESOURCES } from '#shared/i18n';

/** Copy the browser never shows: the mails, and what the server writes for the AI assistant (answers, suggested questions). */
export const SERVER_COPY = ['email', 'aiAnswers', 'aiQuestions'] as const;

/**
 * Copy that only some routes show, which their loaders hand over with the page's data (routeCopy in
 * page-copy.server.ts) instead of every page's first load: the content pages' own, the AI pages',
 * and the tool pages' (their options, page grids, result notices and the editor).
 */
export const ROUTE_COPY = ['about', 'contact', 'download', 'aiPdf', 'aiTranslate', 'editor', 'options', 'grid', 'notices'] as const;
export type RouteCopyFile = (typeof ROUTE_COPY)[number];

/**
 * What the browser loads of a language up front: everything but the page-only copy (see
 * PAGE_RESOURCES), the routes' copy and what only the server uses.
 */
export type ClientCopy<L extends Lang = Lang> = Omit<(typeof RESOURCES)[L], PageCopyFile | RouteCopyFile | (typeof SERVER_COPY)[number]>;

/**
 * One language's copy from its JSON files (not those of its pages/ folder, nor SERVER_COPY and
 * ROUTE_COPY, which en.ts and fr.ts leave out of their glob), keyed by file name as
 * shared/src/i18n/index.ts keys them (a unit test checks both agree).
 */
export function bundleCopy<L extends Lang>(files: Record<string, unknown>): ClientCopy<L> {
  return Object.fromEntries(Object.entries(files).map(([file, copy]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), copy])) as ClientCopy<L>;
}

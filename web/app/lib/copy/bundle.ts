import type { Lang, PageCopyFile, RESOURCES } from '#shared/i18n';

/** What the browser loads of a language up front: everything but the page-only copy (see PAGE_RESOURCES). */
export type ClientCopy<L extends Lang = Lang> = Omit<(typeof RESOURCES)[L], PageCopyFile>;

/**
 * One language's copy from its JSON files (not those of its pages/ folder), keyed by file name as
 * shared/src/i18n/index.ts keys them (a unit test checks both agree).
 */
export function bundleCopy<L extends Lang>(files: Record<string, unknown>): ClientCopy<L> {
  return Object.fromEntries(Object.entries(files).map(([file, copy]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), copy])) as ClientCopy<L>;
}

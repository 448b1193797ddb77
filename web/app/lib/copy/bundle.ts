import type { Lang, RESOURCES } from '../../../../shared/src/i18n';

/**
 * One language's copy from its JSON files, keyed by file name as shared/src/i18n/index.ts keys them
 * (a unit test checks both agree).
 */
export function bundleCopy<L extends Lang>(files: Record<string, unknown>): (typeof RESOURCES)[L] {
  return Object.fromEntries(Object.entries(files).map(([file, copy]) => [file.slice(file.lastIndexOf('/') + 1, -'.json'.length), copy])) as (typeof RESOURCES)[L];
}

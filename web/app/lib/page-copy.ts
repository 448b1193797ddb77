import { useMatches } from 'react-router';
import type { Lang } from '#shared/i18n';
import { getI18n } from './i18n';

/** Page-only copy a loader returns with its data (see page-copy.server.ts), as locale keys. */
export interface PageCopy {
  lang: Lang;
  copy: Record<string, unknown>;
}

const added = new WeakSet<PageCopy>();

/**
 * Puts the page-only copy of the matched routes into the browser's i18next instances. Root's layout
 * calls it, so it runs before the page and its meta translate anything; the server has all copy.
 */
export function usePageCopy(): void {
  const matches = useMatches();
  if (import.meta.env.SSR) return;
  for (const match of matches) {
    const pageCopy = (match.loaderData as { pageCopy?: PageCopy } | undefined)?.pageCopy;
    if (!pageCopy || added.has(pageCopy)) continue;
    // Silent: this runs while rendering, and the components about to render read it right away.
    getI18n(pageCopy.lang).addResourceBundle(pageCopy.lang, 'translation', pageCopy.copy, true, true, { silent: true });
    added.add(pageCopy);
  }
}

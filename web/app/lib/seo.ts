import type { MetaDescriptor } from 'react-router';
import { getI18n, localizePath, type Lang } from './i18n';

interface PageMetaInput {
  lang: Lang;
  /** Canonical path of the page without the language prefix. */
  path: string;
  title: string;
  description: string;
  /** Absolute origin for canonical and hreflang links, e.g. https://sheaf.example. */
  origin: string;
}

/** Title, description, canonical link and the en/fr hreflang pair of a page. */
export function pageMeta({ lang, path, title, description, origin }: PageMetaInput): MetaDescriptor[] {
  const url = (l: Lang) => `${origin}${localizePath(path, l)}`;
  return [
    { title },
    { name: 'description', content: description },
    { tagName: 'link', rel: 'canonical', href: url(lang) },
    { tagName: 'link', rel: 'alternate', hrefLang: 'en', href: url('en') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'fr', href: url('fr') },
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url('en') },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:locale', content: lang === 'fr' ? 'fr_FR' : 'en_US' },
    { property: 'og:site_name', content: getI18n(lang).t('site.name') },
  ];
}

/** The site origin the root loader found, from a meta function's matches. */
export function originFrom(matches: ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>): string {
  const data = matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string } | undefined;
  return data?.origin ?? '';
}

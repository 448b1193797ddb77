import type { MetaDescriptor } from 'react-router';
import { LANGS } from '#shared/i18n/langs';
import { getI18n, langFromPath, localizePath, type Lang } from './i18n';

/** The picture social networks show for a shared link (web/public, 1200 × 630). */
export const SOCIAL_IMAGE = { path: '/social-card.png', width: 1200, height: 630 } as const;

const OG_LOCALE: Record<Lang, string> = { en: 'en_US', fr: 'fr_FR' };

/** A schema.org object for a `<script type="application/ld+json">`. */
export type JsonLd = Record<string, unknown>;

interface PageMetaInput {
  lang: Lang;
  /** Canonical path of the page without the language prefix. */
  path: string;
  title: string;
  description: string;
  /** Absolute origin for canonical and hreflang links, e.g. https://sheaf.example. */
  origin: string;
  /** 'article' for a blog post; every other page is a 'website'. */
  type?: 'website' | 'article';
  /** The languages the page is written in, when not both (a blog article may exist in one only). */
  langs?: readonly Lang[];
  /** Keeps a private or transitional page (account, history, sign-in result) out of search results. */
  noindex?: boolean;
  /** Structured data describing the page. */
  jsonLd?: readonly JsonLd[];
}

/**
 * Title, description, canonical link, hreflang alternates, Open Graph and Twitter card of a page,
 * and its structured data.
 */
export function pageMeta({ lang, path, title, description, origin, type = 'website', langs = LANGS, noindex, jsonLd = [] }: PageMetaInput): MetaDescriptor[] {
  const url = (l: Lang) => `${origin}${localizePath(path, l)}`;
  const image = `${origin}${SOCIAL_IMAGE.path}`;
  const { t } = getI18n(lang);
  return [
    { title },
    { name: 'description', content: description },
    ...(noindex ? [{ name: 'robots', content: 'noindex' }] : []),
    { tagName: 'link', rel: 'canonical', href: url(lang) },
    ...langs.map((l) => ({ tagName: 'link', rel: 'alternate', hrefLang: l, href: url(l) })),
    { tagName: 'link', rel: 'alternate', hrefLang: 'x-default', href: url(langs.includes('en') ? 'en' : langs[0]) },
    { property: 'og:type', content: type },
    { property: 'og:url', content: url(lang) },
    { property: 'og:title', content: title },
    { property: 'og:description', content: description },
    { property: 'og:image', content: image },
    { property: 'og:image:width', content: String(SOCIAL_IMAGE.width) },
    { property: 'og:image:height', content: String(SOCIAL_IMAGE.height) },
    { property: 'og:image:alt', content: t('site.socialImageAlt') },
    { property: 'og:locale', content: OG_LOCALE[lang] },
    ...langs.filter((l) => l !== lang).map((l) => ({ property: 'og:locale:alternate', content: OG_LOCALE[l] })),
    { property: 'og:site_name', content: t('site.name') },
    // Twitter reads the Open Graph title, description and image; it only needs the card size.
    { name: 'twitter:card', content: 'summary_large_image' },
    ...jsonLd.map((data) => ({ 'script:ld+json': { '@context': 'https://schema.org', ...data } })),
  ];
}

/** The publisher of the site, for the home page. */
export function organizationLd(origin: string, lang: Lang): JsonLd {
  return { '@type': 'Organization', name: getI18n(lang).t('site.name'), url: `${origin}/`, logo: `${origin}/favicon.svg` };
}

/** A tool page as the free web application it is. */
export function webApplicationLd(input: { origin: string; lang: Lang; path: string; name: string; description: string }): JsonLd {
  return {
    '@type': 'WebApplication',
    name: input.name,
    description: input.description,
    url: `${input.origin}${localizePath(input.path, input.lang)}`,
    inLanguage: input.lang,
    applicationCategory: 'BusinessApplication',
    operatingSystem: 'Any',
    isAccessibleForFree: true,
  };
}

/** A page's visible questions and answers; only for a FAQ the page actually shows. */
export function faqLd(items: ReadonlyArray<{ q: string; a: string }>): JsonLd {
  return {
    '@type': 'FAQPage',
    mainEntity: items.map(({ q, a }) => ({ '@type': 'Question', name: q, acceptedAnswer: { '@type': 'Answer', text: a } })),
  };
}

type MetaMatches = ReadonlyArray<{ id: string; loaderData?: unknown } | undefined>;

/** What the root loader found, as a meta function sees it. */
const rootDataOf = (matches: MetaMatches) => matches.find((m) => m?.id === 'root')?.loaderData as { origin?: string; hasSession?: boolean } | undefined;

/** The site origin the root loader found, from a meta function's matches. */
export function originFrom(matches: MetaMatches): string {
  return rootDataOf(matches)?.origin ?? '';
}

/** Whether the request carried a session cookie, from a meta function's matches. */
export function hasSessionFrom(matches: MetaMatches): boolean {
  return rootDataOf(matches)?.hasSession ?? false;
}

/** The meta export of a page only a signed-in user sees: title and description from the locale, never indexed. */
export function signedInPageMeta(path: string, titleKey: string, descriptionKey: string) {
  return ({ location, matches }: { location: { pathname: string }; matches: Parameters<typeof originFrom>[0] }): MetaDescriptor[] => {
    const lang = langFromPath(location.pathname);
    const { t } = getI18n(lang);
    return pageMeta({ lang, path, title: t(titleKey), description: t(descriptionKey), origin: originFrom(matches), noindex: true });
  };
}

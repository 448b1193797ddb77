import type { BlogLang, BlogService } from '#shared/blog';
import { LANGS } from '#shared/i18n';
import { TOOL_IDS } from '#shared/tools';
import { articlePath, categoryPath } from './blog';
import { FORM_PAGES } from './forms';
import { localizePath, type Lang } from './i18n';
import { LEGAL_PAGES, LEGAL_UPDATED } from './legal-pages';

/** One indexable page: its canonical path without the language prefix, and the languages it exists in. */
export interface SitemapPage {
  path: string;
  langs: readonly Lang[];
  lastmod?: Date;
}


/** Product and company pages, in both languages. Aliases (/contactUs) are left out. */
const FIXED_PAGES = ['/', '/pricing', '/download', '/ai-pdf', '/about-us', '/contact-us'];

/**
 * Every indexable page: the fixed pages, each tool's own page (not its aliases), the form and legal
 * pages, and the blog's categories and articles in the languages they are written in.
 */
export async function sitemapPages(blog: BlogService): Promise<SitemapPage[]> {
  const both = { langs: LANGS };
  return [
    ...FIXED_PAGES.map((path) => ({ path, ...both })),
    ...TOOL_IDS.map((id) => ({ path: `/${id}`, ...both })),
    ...FORM_PAGES.map((form) => ({ path: form.path, ...both })),
    ...LEGAL_PAGES.map((legal) => ({ path: legal.path, ...both, lastmod: LEGAL_UPDATED })),
    ...(await blogPages(blog)),
  ];
}

async function blogPages(blog: BlogService): Promise<SitemapPage[]> {
  const pages = new Map<string, { langs: Lang[]; lastmod?: Date }>();
  const add = (path: string, lang: Lang, lastmod?: Date) => {
    const page = pages.get(path) ?? { langs: [] };
    page.langs.push(lang);
    if (lastmod && (!page.lastmod || lastmod > page.lastmod)) page.lastmod = lastmod;
    pages.set(path, page);
  };
  for (const lang of LANGS as readonly BlogLang[]) {
    for (const category of await blog.categories(lang)) {
      if (category.articles === 0) continue;
      add(categoryPath(category.slug), lang);
      for (let pageNum = 1; ; pageNum++) {
        const { list, total, pageSize } = await blog.articles({ lang, category: category.slug, pageNum, pageSize: 100 });
        for (const article of list) add(articlePath(category.slug, article.url), lang, article.publishedAt);
        if (pageNum * pageSize >= total) break;
      }
    }
  }
  return [...pages].map(([path, page]) => ({ path, ...page }));
}

const escapeXml = (text: string) => text.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;');

/** A sitemap with one entry per page and language, each naming its other languages (hreflang). */
export function sitemapXml(origin: string, pages: readonly SitemapPage[]): string {
  const url = (path: string, lang: Lang) => escapeXml(`${origin}${localizePath(path, lang)}`);
  const entries = pages.flatMap((page) => {
    const alternates = [
      ...page.langs.map((l) => `<xhtml:link rel="alternate" hreflang="${l}" href="${url(page.path, l)}"/>`),
      `<xhtml:link rel="alternate" hreflang="x-default" href="${url(page.path, page.langs.includes('en') ? 'en' : page.langs[0])}"/>`,
    ];
    const lastmod = page.lastmod ? [`<lastmod>${page.lastmod.toISOString().slice(0, 10)}</lastmod>`] : [];
    return page.langs.map((lang) => ['<url>', `<loc>${url(page.path, lang)}</loc>`, ...lastmod, ...alternates, '</url>'].join(''));
  });
  return [
    '<?xml version="1.0" encoding="UTF-8"?>',
    '<urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9" xmlns:xhtml="http://www.w3.org/1999/xhtml">',
    ...entries,
    '</urlset>',
    '',
  ].join('\n');
}

/** Paths kept out of crawlers' way: private pages, the API, and /app (the tools again, as a bare workspace). */
const PRIVATE_PATHS = ['/account', '/history-tasks', '/app'];

export function robotsTxt(origin: string): string {
  return [
    'User-agent: *',
    'Allow: /',
    ...PRIVATE_PATHS.flatMap((path) => [`Disallow: ${path}`, `Disallow: ${localizePath(path, 'fr')}`]),
    'Disallow: /api/',
    '',
    `Sitemap: ${origin}/sitemap.xml`,
    '',
  ].join('\n');
}

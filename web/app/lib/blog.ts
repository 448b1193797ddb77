import type { Lang } from './i18n';

/** The category whose page is the blog's home, at /reduce-pdf/ (the spec's blog address). */
export const BLOG_HOME = 'reduce-pdf';

/** The blog's address, without the language prefix: its home category's page. */
export const BLOG_PATH = `/${BLOG_HOME}/`;

/** What a category slug or an article id may look like: lower-case words joined by hyphens. */
const SLUG = /^[a-z0-9]+(?:-[a-z0-9]+)*$/;
export const isSlug = (value: string | undefined): value is string => value !== undefined && value.length <= 120 && SLUG.test(value);

/** A category's page, without the language prefix. */
export const categoryPath = (slug: string) => (slug === BLOG_HOME ? BLOG_PATH : `/${slug}`);

/** An article's page, without the language prefix. */
export const articlePath = (category: string, url: string) => `/${category}/${url}`;

/** "2 October 2026" / "2 octobre 2026": UTC, so the server and the browser print the same day. */
export const formatDate = (date: Date, lang: Lang) => new Intl.DateTimeFormat(lang === 'fr' ? 'fr-FR' : 'en-US', { dateStyle: 'long', timeZone: 'UTC' }).format(date);

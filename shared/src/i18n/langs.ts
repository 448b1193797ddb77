/**
 * The site's languages, apart from their copy: the browser's shell imports these, and importing the
 * copy index instead would tie both languages' copy to every page's first script.
 */
export const LANGS = ['en', 'fr'] as const;
export type Lang = (typeof LANGS)[number];
export const DEFAULT_LANG: Lang = 'en';

export const isLang = (value: string | undefined): value is Lang => (LANGS as readonly string[]).includes(value ?? '');

import type { Location, MetaDescriptor } from 'react-router';
import { getTool, toolSlugs, type ToolDefinition } from '#shared/tools';
import { getI18n, langFromPath, stripLang, type Lang } from './i18n';
import { faqLd, originFrom, pageMeta, webApplicationLd } from './seo';

const TOOL_BY_SLUG = new Map(toolSlugs().map(({ slug, toolId }) => [slug, toolId]));

/** The tool a tool-page path shows, and in which language: '/fr/shrink-pdf' → compress-pdf, fr. */
export function toolForPath(pathname: string): { tool: ToolDefinition | undefined; lang: Lang } {
  const slug = stripLang(pathname).split('/').filter(Boolean)[0] ?? '';
  const id = TOOL_BY_SLUG.get(slug);
  return { tool: id ? getTool(id) : undefined, lang: langFromPath(pathname) };
}

/** A tool page's title, description, alternates and structured data (its FAQ when it has one). */
export function toolPageMeta({ location, matches }: { location: Location; matches: Parameters<typeof originFrom>[0] }): MetaDescriptor[] {
  const { tool, lang } = toolForPath(location.pathname);
  if (!tool) return [];
  const { t } = getI18n(lang);
  const origin = originFrom(matches);
  // Aliases such as /shrink-pdf point search engines at the tool's own page.
  const path = `/${tool.id}`;
  const description = t(`tools.${tool.id}.metaDescription`);
  const app = webApplicationLd({ origin, lang, path, name: t(`tools.${tool.id}.name`), description });
  const faq = t(`toolGuides.${tool.id}.faq`, { returnObjects: true, defaultValue: [] }) as Array<{ q: string; a: string }>;
  return pageMeta({
    lang,
    path,
    title: t(`tools.${tool.id}.metaTitle`),
    description,
    origin,
    jsonLd: Array.isArray(faq) && faq.length ? [app, faqLd(faq)] : [app],
  });
}

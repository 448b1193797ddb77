import type { Location, MetaDescriptor } from 'react-router';
import type { ToolDefinition } from '#shared/tools';
import { getI18n, langFromPath } from './i18n';
import { faqLd, originFrom, pageMeta, webApplicationLd } from './seo';

/**
 * What a tool page's code needs of its tool, sent by the page's loader from the registry: the page
 * ships neither the registry nor zod, which only the options panels of the tools that have some load.
 */
export type ToolInfo = Pick<ToolDefinition, 'id' | 'category' | 'accepts' | 'minFiles' | 'maxFiles' | 'output' | 'reportsSaving' | 'built'>;

/** A tool page's title, description, alternates and structured data (its FAQ when it has one). */
export function toolPageMeta({
  location,
  matches,
  loaderData,
}: {
  location: Location;
  matches: Parameters<typeof originFrom>[0];
  loaderData: { tool?: ToolInfo } | undefined;
}): MetaDescriptor[] {
  const tool = loaderData?.tool;
  if (!tool) return [];
  const lang = langFromPath(location.pathname);
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

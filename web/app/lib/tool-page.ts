import { getTool, toolSlugs, type ToolDefinition } from '#shared/tools';
import { langFromPath, stripLang, type Lang } from './i18n';

const TOOL_BY_SLUG = new Map(toolSlugs().map(({ slug, toolId }) => [slug, toolId]));

/** The tool a tool-page path shows, and in which language: '/fr/shrink-pdf' → compress-pdf, fr. */
export function toolForPath(pathname: string): { tool: ToolDefinition | undefined; lang: Lang } {
  const slug = stripLang(pathname).split('/').filter(Boolean)[0] ?? '';
  const id = TOOL_BY_SLUG.get(slug);
  return { tool: id ? getTool(id) : undefined, lang: langFromPath(pathname) };
}

/**
 * What the site's chrome and tool lists need to know of a tool, without its options schemas, so
 * pages that only link to tools do not ship zod and the whole registry to the browser.
 */
export const TOOL_CATEGORIES = ['organize', 'editor', 'security', 'convertFrom', 'convertTo', 'cad'] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

export interface ToolSummary {
  id: string;
  category: ToolCategory;
  built: boolean;
}

/** The tools of each category, categories in menu order. */
export function byCategory<T extends ToolSummary>(tools: readonly T[]): Array<{ category: ToolCategory; tools: T[] }> {
  return TOOL_CATEGORIES.map((category) => ({ category, tools: tools.filter((tool) => tool.category === category) }));
}

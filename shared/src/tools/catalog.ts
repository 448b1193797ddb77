/**
 * What the site's chrome and tool lists need to know of a tool, without its options schemas, so
 * pages that only link to tools do not ship zod and the whole registry to the browser.
 */
export const TOOL_CATEGORIES = ['organize', 'editor', 'security', 'convertFrom', 'convertTo', 'cad'] as const;
export type ToolCategory = (typeof TOOL_CATEGORIES)[number];

/**
 * What a finished task hands back: one file, one picture, several PDFs, or several pictures.
 * Pictures are shown as thumbnails; several pictures go to API clients as `imageurls`.
 */
export type ToolOutput = 'file' | 'image' | 'pdfs' | 'images';

/** Outputs that are pictures, which the result page shows as thumbnails. */
export const outputsImages = (output: ToolOutput) => output === 'image' || output === 'images';

/**
 * Menus that link a chosen few tools (More Tools links them all): the header's top links, its
 * Convert menu, and the /app workspace's bar (each of those tools has its page under /app).
 */
export type ToolMenu = 'top' | 'convert' | 'workspace';

export interface ToolSummary {
  id: string;
  category: ToolCategory;
  built: boolean;
  /** The tool's place in each menu that links it, 1 first (the Convert menu counts per category). */
  menus?: Partial<Record<ToolMenu, number>>;
}

/** The tools a menu links, in their places. */
export function inMenu<T extends ToolSummary>(tools: readonly T[], menu: ToolMenu): T[] {
  return tools.filter((tool) => tool.menus?.[menu] !== undefined).sort((a, b) => a.menus![menu]! - b.menus![menu]!);
}

/** The tools of each category, categories in menu order. */
export function byCategory<T extends ToolSummary>(tools: readonly T[]): Array<{ category: ToolCategory; tools: T[] }> {
  return TOOL_CATEGORIES.map((category) => ({ category, tools: tools.filter((tool) => tool.category === category) }));
}

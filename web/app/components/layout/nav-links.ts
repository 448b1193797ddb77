import { useMemo } from 'react';
import { byCategory, inMenu, type ToolCategory, type ToolSummary } from '#shared/tools/catalog';
import { BLOG_PATH } from '~/lib/blog';
import { useToolCatalog } from '~/lib/root-data';

/** A link of the site's chrome: a path without language prefix and the key of its label. */
export interface ChromeLink {
  to: string;
  label: string;
}

/** A titled group of links (a column of a menu or of the footer). */
export interface ChromeGroup {
  /** Key of the group's heading; none for a single untitled list. */
  heading?: string;
  category?: ToolCategory;
  links: ChromeLink[];
}

const toolLink = (id: string): ChromeLink => ({ to: `/${id}`, label: `tools.${id}.name` });

/** The header's top links: the tools whose declarations place them there (Edit PDF, Compress PDF). */
export function topTools(tools: readonly ToolSummary[]): ChromeLink[] {
  return inMenu(tools, 'top').map((tool) => toolLink(tool.id));
}

/** The Convert menu: a column per category of the conversions declared in it (five PDF-to, five to-PDF). */
export function convertMenu(tools: readonly ToolSummary[]): ChromeGroup[] {
  return byCategory(inMenu(tools, 'convert'))
    .filter(({ tools: linked }) => linked.length > 0)
    .map(({ category, tools: linked }) => ({ heading: `categories.${category}`, category, links: linked.map((tool) => toolLink(tool.id)) }));
}

/** More Tools and the footer's tool columns: every tool of the catalogue, by category. */
export function toolGroups(tools: readonly ToolSummary[]): ChromeGroup[] {
  return byCategory(tools).map(({ category, tools: inCategory }) => ({
    heading: `categories.${category}`,
    category,
    links: inCategory.map((tool) => toolLink(tool.id)),
  }));
}

export function useToolGroups(): ChromeGroup[] {
  const tools = useToolCatalog();
  return useMemo(() => toolGroups(tools), [tools]);
}

export function useTopTools(): ChromeLink[] {
  const tools = useToolCatalog();
  return useMemo(() => topTools(tools), [tools]);
}

export function useConvertMenu(): ChromeGroup[] {
  const tools = useToolCatalog();
  return useMemo(() => convertMenu(tools), [tools]);
}

/** What the AI PDF assistant does; each has its section on /ai-pdf. */
export const AI_FEATURES = ['chat', 'summarize', 'translate', 'explain', 'image', 'mindMap', 'general'] as const;

export const AI_MENU: ChromeGroup[] = [{ links: AI_FEATURES.map((feature) => ({ to: `/ai-pdf#${feature}`, label: `nav.ai.${feature}` })) }];

/** The footer's Form, About and Support columns. */
export const FOOTER_COLUMNS: ChromeGroup[] = [
  {
    heading: 'nav.footer.forms',
    links: [
      { to: '/w9-form', label: 'nav.formNames.w9' },
      { to: '/1099-form', label: 'nav.formNames.1099' },
      { to: '/w2-form', label: 'nav.formNames.w2' },
      { to: '/941-form', label: 'nav.formNames.941' },
      { to: '/ds11-form', label: 'nav.formNames.ds11' },
    ],
  },
  {
    heading: 'nav.footer.about',
    links: [
      { to: '/about-us', label: 'nav.footer.aboutUs' },
      { to: BLOG_PATH, label: 'nav.blog' },
      { to: '/pricing', label: 'nav.pricing' },
      { to: '/download', label: 'nav.footer.desktop' },
    ],
  },
  {
    heading: 'nav.footer.support',
    links: [
      { to: '/contact-us', label: 'nav.footer.contact' },
      { to: '/money-back-policy', label: 'nav.footer.moneyBack' },
      { to: '/subscription-terms', label: 'nav.footer.subscriptionTerms' },
      { to: '/privacy-policy', label: 'nav.footer.privacy' },
      { to: '/service', label: 'nav.footer.terms' },
    ],
  },
];

/** The policy links of the footer's bottom line. */
export const POLICY_LINKS: ChromeLink[] = [
  { to: '/privacy-policy', label: 'nav.footer.privacy' },
  { to: '/service', label: 'nav.footer.terms' },
  { to: '/money-back-policy', label: 'nav.footer.moneyBack' },
];


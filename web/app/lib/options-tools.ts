import type { ToolId } from '#shared/tools';

/**
 * The tools with an options panel (tool-options.ts holds one per id, which the compiler checks).
 * Their pages have a route of their own (routes.ts): the panels read their tool's zod schema, and
 * the pages of the other tools load neither the panels nor zod.
 */
export const OPTIONS_TOOLS = [
  'split-pdf',
  'compress-pdf',
  'delete-pages',
  'organize-pdf',
  'rotate-pdf',
  'add-page-numbers',
  'add-watermark',
  'add-header-footer',
  'crop-pdf',
  'n-up-pdf',
  'booklet-pdf',
  'protect-pdf',
  'unlock-pdf',
  'jpg-to-pdf',
  'gif-to-pdf',
  'html-to-pdf',
  'ebooks-to-pdf',
  'dwg-to-pdf',
  'dwg-to-jpg',
  'pdf-to-jpg',
  'pdf-ocr',
  'pdf-to-excel',
  'edit-metadata',
  'sanitize-pdf',
  'redact-pdf',
  'pdf-to-pdfa',
  'compare-pdf',
] as const satisfies readonly ToolId[];

export type OptionsToolId = (typeof OPTIONS_TOOLS)[number];

export const hasOptions = (id: string): id is OptionsToolId => (OPTIONS_TOOLS as readonly string[]).includes(id);

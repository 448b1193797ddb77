import mergePdf from './merge-pdf';
import splitPdf from './split-pdf';
import compressPdf from './compress-pdf';
import deletePages from './delete-pages';
import organizePdf from './organize-pdf';
import rotatePdf from './rotate-pdf';
import cropPdf from './crop-pdf';
import nUpPdf from './n-up-pdf';
import bookletPdf from './booklet-pdf';
import editPdf from './edit-pdf';
import annotatePdf from './annotate-pdf';
import signPdf from './sign-pdf';
import addPageNumbers from './add-page-numbers';
import addWatermark from './add-watermark';
import addHeaderFooter from './add-header-footer';
import unlockPdf from './unlock-pdf';
import protectPdf from './protect-pdf';
import sanitizePdf from './sanitize-pdf';
import redactPdf from './redact-pdf';
import validateSignature from './validate-signature';
import pdfToWord from './pdf-to-word';
import pdfToExcel from './pdf-to-excel';
import pdfToPpt from './pdf-to-ppt';
import pdfToJpg from './pdf-to-jpg';
import pdfToTxt from './pdf-to-txt';
import pdfOcr from './pdf-ocr';
import wordToPdf from './word-to-pdf';
import excelToPdf from './excel-to-pdf';
import pptToPdf from './ppt-to-pdf';
import jpgToPdf from './jpg-to-pdf';
import txtToPdf from './txt-to-pdf';
import gifToPdf from './gif-to-pdf';
import htmlToPdf from './html-to-pdf';
import ebooksToPdf from './ebooks-to-pdf';
import iworkToPdf from './iwork-to-pdf';
import dwgToPdf from './dwg-to-pdf';
import dwgToJpg from './dwg-to-jpg';
import translatePdf from './translate-pdf';
import flattenPdf from './flatten-pdf';
import editMetadata from './edit-metadata';
import repairPdf from './repair-pdf';
import pdfToPdfa from './pdf-to-pdfa';
import comparePdf from './compare-pdf';
import type { ToolDefinition, ToolSummary } from './define';

export * from './define';

/** Every tool of the spec, in the order of the More Tools menu: each has its page. */
export const TOOLS = [
  mergePdf,
  splitPdf,
  compressPdf,
  deletePages,
  organizePdf,
  rotatePdf,
  cropPdf,
  nUpPdf,
  bookletPdf,
  editPdf,
  annotatePdf,
  signPdf,
  addPageNumbers,
  addWatermark,
  addHeaderFooter,
  unlockPdf,
  protectPdf,
  sanitizePdf,
  redactPdf,
  validateSignature,
  pdfToWord,
  pdfToExcel,
  pdfToPpt,
  pdfToJpg,
  pdfToTxt,
  pdfOcr,
  wordToPdf,
  excelToPdf,
  pptToPdf,
  jpgToPdf,
  txtToPdf,
  gifToPdf,
  htmlToPdf,
  ebooksToPdf,
  iworkToPdf,
  dwgToPdf,
  dwgToJpg,
  flattenPdf,
  editMetadata,
  repairPdf,
  pdfToPdfa,
  comparePdf,
] as const;

/**
 * The AI assistant's tools: tasks like any tool's (progress, history, download, the task host), run
 * from the AI chat page through their own `dhjai/*` call, with no tool page, menu or sitemap entry.
 */
export const ASSISTANT_TOOLS = [translatePdf] as const;

/** Every tool the task pipeline runs: the site's tools and the assistant's. */
export const TASK_TOOLS = [...TOOLS, ...ASSISTANT_TOOLS] as const;

export type Tool = (typeof TASK_TOOLS)[number];
export type ToolId = Tool['id'];

const BY_ID = new Map<string, ToolDefinition>(TASK_TOOLS.map((t) => [t.id, t as ToolDefinition]));

/** The site's tools' ids: each has its page. */
export const TOOL_IDS = TOOLS.map((t) => t.id) as ToolId[];

export function isToolId(id: string): id is ToolId {
  return BY_ID.has(id);
}

export function getTool(id: string): ToolDefinition | undefined {
  return BY_ID.get(id);
}

/** Every tool as the site's chrome lists it (no options schemas: this goes to the browser as data). */
export function toolCatalog(): ToolSummary[] {
  return (TOOLS as readonly ToolDefinition[]).map(({ id, category, built, menus }) => ({ id, category, built, ...(menus && { menus }) }));
}

/** Every path that shows a tool page: its id and its aliases. */
export function toolSlugs(): Array<{ slug: string; toolId: ToolId }> {
  return TOOLS.flatMap((t) => [t.id, ...((t as ToolDefinition).aliases ?? [])].map((slug) => ({ slug, toolId: t.id as ToolId })));
}

import { z } from 'zod';
import type { Env } from '../env';
import { AppError } from '../errors';
import errorCopy from '../i18n/en/errors.json';
import type { FileKind } from '../file-kinds';
import type { ToolCategory, ToolOutput, ToolSummary } from './catalog';

export { TOOL_CATEGORIES, byCategory, inMenu, outputsImages, type ToolCategory, type ToolMenu, type ToolOutput, type ToolSummary } from './catalog';

/** Native engines a worker probes at boot; a tool needing a missing one is reported unavailable. */
export const ENGINES = ['qpdf', 'gs', 'pdftoppm', 'pdftotext', 'soffice', 'chromium', 'ebook-convert', 'bsdtar', 'preflight', 'pdfsig', 'tesseract'] as const;
export type EngineName = (typeof ENGINES)[number];
/**
 * Engines tools use when the worker has them and do without otherwise, so no tool declares them:
 * native Tesseract reads OCR pages, tesseract.js (WebAssembly) when it is missing.
 */
export const OPTIONAL_ENGINES: readonly EngineName[] = ['tesseract'];

/**
 * A rule read from a tool's parsed options. Written as a method so that a tool's own rule, typed by
 * its options, still fits the registry's ToolDefinition (method parameters are bivariant).
 */
type ByOptions<O, R> = { rule(options: O): R }['rule'];

export interface ToolDefinition<Options extends z.ZodObject = z.ZodObject> {
  id: string;
  category: ToolCategory;
  /** File kinds the tool takes, checked by magic bytes at upload and transfer. */
  accepts: readonly FileKind[];
  /** Files per task. Tools with maxFiles 1 run once per file when a user drops several. */
  minFiles: number;
  maxFiles: number;
  /** When an operator chooses the files per task (at most maxFiles): the setting that says how many. */
  maxFilesSetting?: 'EBOOK_MAX_FILES';
  /** The tool's own fields of the conversion request, validated at the edge. */
  options: Options;
  engines: readonly EngineName[];
  output: ToolOutput;
  /** What one file's several results are called in their zip's name ("report-translated.zip"); by default `images` for pictures, else `pages`. */
  zipSuffix?: string;
  /** The output is the input made smaller, so the result page shows the size saved. */
  reportsSaving?: boolean;
  /** False until the tool's processor is built; the API refuses it with TOOL_UNAVAILABLE. */
  built: boolean;
  /** 'editor': the tool's page is the editor, where the person places text, marks or a signature on the pages, not the upload flow. */
  page?: 'editor';
  /** Where the header links the tool besides More Tools (the top links, the Convert menu). */
  menus?: ToolSummary['menus'];
  /** Extra routes that show the same tool page (e.g. /shrink-pdf). */
  aliases?: readonly string[];
  /** Task time limit in seconds. */
  timeoutSeconds?: number;
  /**
   * The most pages one task may hold, its inputs together: a PDF's pages (its page tree's /Count),
   * a TIFF's pages, and an animated GIF's or WebP's frames where `framesArePages`. The worker counts
   * them before any work and refuses more with TOO_MANY_PAGES naming this number; the API refuses
   * at the transfer already when it knows the count. Every tool that takes PDFs or images says it
   * (tests/unit/page-limits.test.ts): work grows with pages, and a small file can hold 100,000.
   */
  maxPages?: number | ByOptions<z.output<Options>, number>;
  /** Each frame of an animated GIF or WebP becomes a page (a TIFF's pages always do), so frames count against maxPages. */
  framesArePages?(options: z.output<Options>): boolean;
  /**
   * For tools that report progress page by page: a task silent this long is stuck on one page (a
   * hostile content stream can keep pdf.js busy for many minutes) and fails with FILE_TOO_COMPLEX.
   */
  stallSeconds?: number;
  /**
   * `quick`: small, bounded page operations (qpdf) with worker slots of their own, so a merge never
   * waits behind long conversions or behind hostile files that hold the other slots.
   */
  lane?: 'quick';
  /**
   * Further uploaded files a request names in its options (the editor's images): the API checks
   * their owner and kind like the inputs', and the processor receives them after the inputs, in
   * the order `tokens` gives.
   */
  attachments?: { kinds: readonly FileKind[]; tokens(options: z.output<Options>): string[] };
  /**
   * The web address the tool fetches (html-to-pdf's page): the API refuses it when the request
   * arrives if the server will not fetch it (not http(s), an internal address, a name that does
   * not resolve), rather than after the task was queued.
   */
  fetches?(options: z.output<Options>): string;
  /** Other names the `sheaf` command takes for options (`--level` for `compress`): option names stay the API's. */
  cliAliases?: Readonly<Record<string, keyof z.input<Options> & string>>;
  /** Each task leaves a signing audit row (who, from where, SHA-256 of operations, input and output). */
  audited?: boolean;
  /** Written by the AI provider: refused with AI_NOT_CONFIGURED when the server has none (document mode). */
  generative?: boolean;
}

export function defineTool<const Id extends string, Options extends z.ZodObject>(
  def: ToolDefinition<Options> & { id: Id },
) {
  return def;
}

/** Files per task on this server: the tool's own number, or the operator's setting where it has one. */
export function maxFilesOf(tool: Pick<ToolDefinition, 'maxFiles' | 'maxFilesSetting'>, config: Pick<Env, 'EBOOK_MAX_FILES'>): number {
  return tool.maxFilesSetting ? Math.min(config[tool.maxFilesSetting], tool.maxFiles) : tool.maxFiles;
}

/** The page limit of a task of `tool` with these options (see `maxPages`), or undefined when it has none. */
export function pageLimitOf(tool: Pick<ToolDefinition, 'maxPages'>, options: unknown): number | undefined {
  return typeof tool.maxPages === 'function' ? tool.maxPages(options as never) : tool.maxPages;
}

/** TOO_MANY_PAGES with the limit in its message, so the person knows how far to split the document. */
export function tooManyPages(max: number, pages: number): AppError {
  return new AppError('TOO_MANY_PAGES', `${pages} pages, at most ${max}`, errorCopy.pageLimit.replace('{{max}}', max.toLocaleString('en-US')));
}

/** Options schema for tools that take no options of their own. */
export const noOptions = z.object({});

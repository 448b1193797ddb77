import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import type { NoticeParams, TaskNotice, TaskReport } from '#shared/api';
import { parseProcessorConfig } from '#shared/env';
import type { ErrorCode } from '#shared/errors';
import type { FileKind } from '#shared/file-kinds';
import { getTool, type ToolId } from '#shared/tools';
import { PROCESSORS } from '../../worker/src/processors';
import type { OutputFile } from '../../worker/src/contract/processor';

/** One behaviour of a tool, on real fixtures. */
export interface ToolCase {
  /** The behaviour, as the test name ("merges the files in the order given"). */
  name: string;
  /** Absolute paths of the input files, in order. */
  inputs: readonly string[];
  /** Raw options, as the API receives them; the tool's own zod schema parses them. */
  options?: Record<string, unknown>;
  /** The run must fail with this code. */
  error?: ErrorCode;
  /** Page count of each output, in order. */
  pages?: readonly number[];
  /** Download name of each output, in order. */
  names?: readonly string[];
  /** The notice the result must carry; `null` for none. */
  notice?: TaskNotice | null;
  /** Further checks on the real outputs. */
  check?(run: ToolRun): void | Promise<void>;
}

/** What every tool declares for the suite. */
export interface ToolConformance {
  tool: ToolId;
  /**
   * A good input set for the generic checks: the suite swaps its first file for each damaged,
   * encrypted or bogus fixture and runs it with `options`.
   */
  sample: readonly string[];
  options?: Record<string, unknown>;
  /**
   * Page counts of the outputs the tool makes from inputs of these page counts, with `options`; or
   * the error it must answer instead (delete-pages cannot remove the only page of a file).
   */
  pagesOf(inputPages: readonly number[]): readonly number[] | ErrorCode;
  /** What must hold for every successful run of the tool, cases and generic checks alike. */
  invariant?(run: ToolRun): void | Promise<void>;
  /**
   * Extension of the outputs when they are not PDFs (dwg-to-jpg makes 'jpg'); their PDF checks are
   * skipped. A function gives the extensions a run's options allow (pdf-to-jpg: 'png' for outtype png).
   */
  outputExtension?: string | ((options: Record<string, unknown>) => string | readonly string[]);
  /** For a tool whose outputs are encrypted (protect-pdf): the password that opens them, from the run's options. */
  outputPassword?(options: Record<string, unknown>): string;
  /**
   * Set for a tool that opens password-protected files itself (unlock-pdf): the generic checks then
   * leave such files to the tool's own cases instead of expecting PDF_ENCRYPTED.
   */
  opensPasswordProtected?: boolean;
  /**
   * Damaged fixtures the tool refuses, by name, with the code it answers: where a repaired page reads
   * differently from what is left of the damaged one, a tool that must not change the text says so.
   */
  refusesDamaged?: Readonly<Record<string, ErrorCode>>;
  /** What the tool answers for a file with no page to be found (random bytes, a file cut before its pages); PDF_DAMAGED unless set. */
  unreadableError?: ErrorCode;
  cases: readonly ToolCase[];
}

export interface ToolRun {
  /** The raw options of the run, as given. */
  options: Record<string, unknown>;
  /** The private copies the processor read. */
  inputs: string[];
  outputs: OutputFile[];
  notice?: TaskNotice;
  report?: TaskReport;
  noticeParams?: NoticeParams;
  /** Every progress fraction the processor reported, in order. */
  progress: number[];
  workDir: string;
}

/**
 * Runs a tool's processor the way the worker does: options through the tool's schema, inputs copied
 * into a fresh work dir, a real abort signal. A failed run's work dir is removed; `withRun` removes
 * a successful one's.
 */
export async function runTool(
  tool: ToolId,
  inputs: readonly string[],
  rawOptions: Record<string, unknown> = {},
  signal: AbortSignal = new AbortController().signal,
): Promise<ToolRun> {
  const definition = getTool(tool);
  if (!definition) throw new Error(`unknown tool ${tool}`);
  const options = definition.options.parse(rawOptions);
  const workDir = await fs.mkdtemp(path.join(os.tmpdir(), `sheaf-conformance-${tool}-`));
  const copies = await Promise.all(
    inputs.map(async (file, i) => {
      const copy = path.join(workDir, `in-${i}.pdf`);
      await fs.copyFile(file, copy);
      return { path: copy, name: path.basename(file), kind: kindByName(file) };
    }),
  );
  const progress: number[] = [];
  try {
    const result = await PROCESSORS[tool]({
      inputs: copies,
      options,
      workDir,
      // Read at each run, as a worker reads them at its boot: a tool's cases may set its variables.
      config: parseProcessorConfig(),
      signal,
      progress: async (fraction) => {
        progress.push(fraction);
      },
    });
    return { options: rawOptions, inputs: copies.map((c) => c.path), outputs: result.outputs, notice: result.notice, report: result.report, noticeParams: result.noticeParams, progress, workDir };
  } catch (e) {
    await removeRun(workDir);
    throw e;
  }
}

/** Runs the tool, hands the run to `inspect`, then removes the work dir whatever happened. */
export async function withRun<T>(
  tool: ToolId,
  inputs: readonly string[],
  options: Record<string, unknown> | undefined,
  inspect: (run: ToolRun) => T | Promise<T>,
): Promise<T> {
  const run = await runTool(tool, inputs, options);
  try {
    return await inspect(run);
  } finally {
    await removeRun(run.workDir);
  }
}

const removeRun = (workDir: string) => fs.rm(workDir, { recursive: true, force: true });

const IMAGE_KINDS: Record<string, FileKind> = { png: 'png', jpg: 'jpg', jpeg: 'jpg', tif: 'tiff', tiff: 'tiff', bmp: 'bmp', webp: 'webp', gif: 'gif' };
/**
 * The kind upload would give an input, for tools that tell images from PDFs by it (pdf-ocr): an
 * image fixture by its extension, anything else a PDF (so a JPEG renamed .pdf still goes in as one).
 */
const kindByName = (file: string): FileKind => IMAGE_KINDS[path.extname(file).slice(1).toLowerCase()] ?? 'pdf';

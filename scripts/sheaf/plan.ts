import fs from 'node:fs/promises';
import path from 'node:path';
import { FILE_KIND_SPECS, sniffKind, type FileKind } from '#shared/file-kinds';
import { readHead } from '#shared/server/read-head';
import type { ToolDefinition } from '#shared/tools';
import { UsageError } from './args';
import { COPY } from './copy';
import { Journal } from './journal';

export interface CliInput {
  path: string;
  /** The name the tool sees (and names its output after). */
  name: string;
  size: number;
  mtimeMs: number;
  /** Sniffed from the bytes as the api does; null when the tool cannot take it. */
  kind: FileKind | null;
}

/** One task: its inputs and where its outputs go. */
export interface Job {
  /** What the progress and the summary call it: the input's path as given, or the joined files'. */
  label: string;
  inputs: CliInput[];
  outDir: string;
  /** `-o FILE`: the one output's exact path. */
  outFile?: string;
  /** The output folder's record of finished inputs (absent with -o). */
  journal?: Journal;
}

async function describe(file: string, shown: string, accepts: readonly FileKind[]): Promise<CliInput> {
  const stat = await fs.stat(file);
  const kind = sniffKind(await readHead(file), file);
  return {
    path: file,
    name: path.basename(shown),
    size: stat.size,
    mtimeMs: stat.mtimeMs,
    kind: kind && accepts.includes(kind) ? kind : null,
  };
}

/** Files under a folder, sorted, skipping hidden ones (the journal, half-written outputs). */
async function filesUnder(dir: string): Promise<string[]> {
  const entries = await fs.readdir(dir, { recursive: true, withFileTypes: true });
  return entries
    .filter(
      (e) =>
        e.isFile() &&
        !path
          .relative(dir, path.join(e.parentPath, e.name))
          .split(path.sep)
          .some((part) => part.startsWith('.')),
    )
    .map((e) => path.join(e.parentPath, e.name))
    .sort((a, b) => (a < b ? -1 : a > b ? 1 : 0));
}

interface Found {
  input: CliInput;
  /** Folder of the output relative to --out: the input's folder under the folder named on the command line. */
  relDir: string;
}

/**
 * The files a command line names: a file as given (a kind the tool cannot take fails on its own
 * row), a folder as its files of the kinds the tool takes, recursively and sorted. Outputs an
 * earlier run recorded in a folder are not taken as inputs again.
 */
async function findInputs(paths: readonly string[], tool: ToolDefinition): Promise<Found[]> {
  const found: Found[] = [];
  for (const given of paths) {
    const full = path.resolve(given);
    const stat = await fs.stat(full).catch(() => undefined);
    if (!stat) throw new UsageError(COPY.notFound(given));
    if (!stat.isDirectory()) {
      found.push({ input: await describe(full, given, tool.accepts), relDir: '' });
      continue;
    }
    for (const file of await filesUnder(full)) {
      if ((await Journal.forDir(path.dirname(file))).isOutput(path.basename(file))) continue;
      const input = await describe(file, file, tool.accepts);
      if (input.kind) found.push({ input: { ...input, name: path.basename(file) }, relDir: path.relative(full, path.dirname(file)) });
    }
  }
  return found;
}

export const kindsOf = (tool: ToolDefinition) => tool.accepts.flatMap((k) => FILE_KIND_SPECS[k].extensions).join(', ');

/**
 * The tasks of a run: all files as one task for a tool that joins files (merge), one task per file
 * otherwise. Outputs go to -o FILE, to --out DIR (mirroring the folders named), or beside each
 * input (./ for a joined run).
 */
export async function planJobs(
  tool: ToolDefinition,
  paths: readonly string[],
  opts: { out?: string; output?: string; cwd: string },
): Promise<Job[]> {
  const outDirOf = (found?: Found) =>
    opts.out ? path.resolve(opts.out, found?.relDir ?? '') : found ? path.dirname(found.input.path) : opts.cwd;
  const withJournal = async (job: Omit<Job, 'journal'>): Promise<Job> =>
    job.outFile ? job : { ...job, journal: await Journal.forDir(job.outDir) };

  if (tool.maxFiles === 0) {
    if (paths.length) throw new UsageError(COPY.takesNoFiles(tool.id));
    // No journal: with no input file there is nothing to resume (a web page is fetched anew each time).
    const outFile = opts.output && path.resolve(opts.output);
    return [{ label: tool.id, inputs: [], outDir: outFile ? path.dirname(outFile) : outDirOf(), outFile }];
  }
  if (paths.length === 0) throw new UsageError(COPY.noFiles);
  const found = await findInputs(paths, tool);
  if (found.length === 0) throw new UsageError(COPY.noMatchingFiles(tool.id, kindsOf(tool)));

  if (tool.maxFiles > 1) {
    if (found.length < tool.minFiles || found.length > tool.maxFiles)
      throw new UsageError(COPY.fileCount(tool.id, tool.minFiles, tool.maxFiles, found.length));
    const outFile = opts.output && path.resolve(opts.output);
    const label = found.map((f) => f.input.name).join(' + ');
    return [await withJournal({ label, inputs: found.map((f) => f.input), outDir: outFile ? path.dirname(outFile) : outDirOf(), outFile })];
  }
  if (opts.output && found.length > 1) throw new UsageError(COPY.outputNeedsOneRun);
  return Promise.all(
    found.map((f) => {
      const outFile = opts.output && path.resolve(opts.output);
      // The path from here when the file is under this folder, else in full.
      const relative = path.relative(opts.cwd, f.input.path);
      const label = relative && !relative.startsWith('..') ? relative : f.input.path;
      return withJournal({ label, inputs: [f.input], outDir: outFile ? path.dirname(outFile) : outDirOf(f), outFile });
    }),
  );
}

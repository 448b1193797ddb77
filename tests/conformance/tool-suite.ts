import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { isAppError, type ErrorCode } from '#shared/errors';
import { getTool } from '#shared/tools';
import { runTool, withRun, type ToolConformance, type ToolRun } from './harness';
import { annotationsWithoutForm, removeMadeFixtures } from './made-fixtures';
import {
  DAMAGED,
  OWNER_ONLY,
  PASSWORD_PROTECTED,
  PDF_FIXTURES,
  UNREPAIRABLE,
  encryptionOf,
  opensWithoutPassword,
  pageCount,
  structureProblems,
} from './pdf-checks';
import { fixture } from '../support/fixtures';
import TOOL_SECONDS from './tool-seconds.json';

/**
 * Every built tool's cases, found by name: `./tools/<tool id>.ts` default-exports them (tools.test.ts
 * checks that every built tool has that file). The tools-<n>.test.ts files share the tools between
 * them (shardOf), so the conformance tier runs them side by side.
 */
export const CASE_FILES = import.meta.glob<ToolConformance>('./tools/*.ts', {
  eager: true,
  import: 'default',
});
export const CONFORMANCE: readonly ToolConformance[] = Object.values(CASE_FILES);

/**
 * `npm test` gives each tool one file of each hostile kind, in turn (the tool's place in the list
 * picks it), so every file still meets several tools on every run; SHEAF_EVERY_INPUT=1 gives each
 * tool every file (`npm run bench -- inputs` runs that sweep and reports it).
 */
const EVERY_INPUT = process.env.SHEAF_EVERY_INPUT === '1';
function inTurn<T>(files: readonly T[], turn: number, count: number): readonly T[] {
  if (EVERY_INPUT || files.length <= count) return files;
  return Array.from({ length: count }, (_, k) => files[(turn * count + k) % files.length]);
}

/**
 * Seconds each tool's cases took in a recent run (scripts/conformance-seconds.ts writes them from
 * `npm test`'s report); a tool not measured yet counts as a middling one.
 */
const SECONDS: Record<string, number> = TOOL_SECONDS;
const measured = Object.values(SECONDS).sort((a, b) => a - b);
const weightOf = (c: ToolConformance) => SECONDS[c.tool] ?? measured[Math.floor(measured.length / 2)] ?? 1;

/**
 * The tools spread over SHARDS test files of about the same measured time (heaviest first, each to
 * the lightest file so far), so the conformance tier's workers finish together.
 */
const SHARDS = 4;
export function shardOf(shard: number): (conformance: ToolConformance) => boolean {
  const load = Array<number>(SHARDS).fill(0);
  const home = new Map<string, number>();
  for (const c of [...CONFORMANCE].sort((a, b) => weightOf(b) - weightOf(a) || a.tool.localeCompare(b.tool))) {
    const lightest = load.indexOf(Math.min(...load));
    home.set(c.tool, lightest);
    load[lightest] += weightOf(c);
  }
  return (c) => home.get(c.tool) === shard;
}

/** Registers the suite's shared inputs and the cases of the tools `include` picks. */
export function describeToolConformance(include: (conformance: ToolConformance) => boolean): void {
  let scratch: string;
  /** Bytes that are no PDF at all, under a .pdf name. */
  let randomBytes: string;
  let emptyFile: string;
  /** A real JPEG renamed to .pdf. */
  let renamedJpeg: string;
  /** Two valid pages whose annotations point to their page, without a form. */
  let annotated: string;

  beforeAll(async () => {
    scratch = await fs.mkdtemp(path.join(os.tmpdir(), 'sheaf-conformance-'));
    randomBytes = path.join(scratch, 'random.pdf');
    // A fixed LCG, so a failure can be reproduced byte for byte.
    let x = 12345;
    await fs.writeFile(randomBytes, Buffer.from(Array.from({ length: 64 * 1024 }, () => (x = (x * 1103515245 + 12345) % 2 ** 31) & 0xff)));
    emptyFile = path.join(scratch, 'empty.pdf');
    await fs.writeFile(emptyFile, '');
    renamedJpeg = path.join(scratch, 'photo.pdf');
    await fs.copyFile(fixture('images/exif_Landscape_3.jpg'), renamedJpeg);
    annotated = await annotationsWithoutForm();
  });
  afterAll(async () => {
    await fs.rm(scratch, { recursive: true, force: true });
    removeMadeFixtures();
  });

  /** Page count from MANIFEST.tsv for a fixture (a sample may need a password), else from qpdf. */
  const manifestPages = (file: string) => PDF_FIXTURES.find((f) => f.file === file)?.pages ?? pageCount(file);

  describe.each(CONFORMANCE.filter(include))('$tool', (conformance) => {
    const tool = getTool(conformance.tool)!;
    const turn = CONFORMANCE.indexOf(conformance);
    const sampleRest = conformance.sample.slice(1);
    const sampleRestPages = tool.accepts.includes('pdf') ? sampleRest.map(manifestPages) : [];
    const withFirst = (file: string) => [file, ...sampleRest];

    /** A run whose task was aborted before it began fails with TASK_FAILED. */
    async function expectAbortedRunFails() {
      const error = await runTool(
        conformance.tool,
        conformance.sample,
        conformance.options,
        AbortSignal.abort('worker shutting down'),
      ).catch((e: unknown) => e);
      expect(error).toMatchObject({ code: 'TASK_FAILED' });
    }

    const outputExtensions = (options: Record<string, unknown>) =>
      typeof conformance.outputExtension === 'function' ? conformance.outputExtension(options) : (conformance.outputExtension ?? 'pdf');

    /** Checks every successful run: outputs of the declared kind, sound PDFs, honest progress. */
    async function checkRun(run: ToolRun, expectedPages?: readonly number[]) {
      const password = conformance.outputPassword?.(run.options);
      if (tool.output === 'file' || tool.output === 'image') expect(run.outputs).toHaveLength(1);
      else expect(run.outputs.length).toBeGreaterThan(0);
      const extensions = [outputExtensions(run.options)].flat();
      for (const out of run.outputs) {
        expect(path.relative(run.workDir, out.path).startsWith('..')).toBe(false);
        expect(
          extensions.some((e) => out.name.endsWith(`.${e}`)),
          out.name,
        ).toBe(true);
        if (!out.name.endsWith('.pdf')) continue;
        expect((await fs.readFile(out.path)).subarray(0, 5).toString('latin1')).toBe('%PDF-');
        expect(structureProblems(out.path, password)).toEqual([]);
      }
      if (expectedPages && extensions.join() === 'pdf') expect(run.outputs.map((o) => pageCount(o.path, password))).toEqual(expectedPages);
      expect(run.progress.length).toBeGreaterThan(0);
      expect(run.progress.every((p, i) => p >= 0 && p <= 1 && (i === 0 || p >= run.progress[i - 1]))).toBe(true);
      await conformance.invariant?.(run);
    }

    async function expectError(inputs: readonly string[], code: ErrorCode, options = conformance.options) {
      const error = await withRun(conformance.tool, inputs, options, () => undefined).catch((e: unknown) => e);
      expect(isAppError(error), `expected AppError ${code}, got ${String(error)}`).toBe(true);
      expect(error).toMatchObject({ code });
    }

    describe('its own cases', () => {
      it.each(conformance.cases)('$name', async (c) => {
        if (c.error) return expectError(c.inputs, c.error, c.options ?? {});
        await withRun(conformance.tool, c.inputs, c.options, async (run) => {
          await checkRun(run, c.pages);
          if (c.names) expect(run.outputs.map((o) => o.name)).toEqual(c.names);
          if (c.notice !== undefined) expect(run.notice ?? null).toBe(c.notice);
          await c.check?.(run);
        });
      });
    });

    /** Runs the tool on inputs of these page counts: the outputs `pagesOf` gives, or its error. */
    async function expectOutcome(inputs: readonly string[], inputPages: readonly number[], inspect?: (run: ToolRun) => void) {
      const expected = conformance.pagesOf(inputPages);
      if (typeof expected === 'string') return expectError(inputs, expected);
      await withRun(conformance.tool, inputs, conformance.options, async (run) => {
        await checkRun(run, expected);
        inspect?.(run);
      });
    }

    // Image and URL tools take no PDF: the next block is theirs.
    describe.runIf(tool.accepts.includes('pdf'))('inputs every PDF tool must handle', () => {
      it('processes its sample', () => expectOutcome(conformance.sample, conformance.sample.map(manifestPages)));

      it.each(inTurn(DAMAGED, turn, 1))('repairs damaged $name', (damaged) => {
        const refused = conformance.refusesDamaged?.[damaged.name];
        return refused ? expectError(withFirst(damaged.file), refused) : expectOutcome(withFirst(damaged.file), [damaged.pages, ...sampleRestPages]);
      });

      it.each(inTurn(OWNER_ONLY, turn, 1))('opens owner-only encrypted $name and drops its restrictions', (encrypted) =>
        expectOutcome(withFirst(encrypted.file), [encrypted.pages, ...sampleRestPages], (run) => {
          const password = conformance.outputPassword?.(run.options);
          for (const out of run.outputs.filter((o) => o.name.endsWith('.pdf'))) {
            // Open, unless the tool's very job is to lock it with a password of its own.
            expect(opensWithoutPassword(out.path)).toBe(password === undefined);
            expect(encryptionOf(out.path, password).restrictions).toEqual([]);
          }
        }),
      );

      if (!conformance.opensPasswordProtected) {
        it.each(inTurn(PASSWORD_PROTECTED, turn, 2))('refuses password-protected $name with PDF_ENCRYPTED', (encrypted) =>
          expectError(withFirst(encrypted.file), 'PDF_ENCRYPTED'),
        );
      }

      it('processes a valid PDF whose annotations point to their page, without a form', () =>
        expectOutcome(withFirst(annotated), [2, ...sampleRestPages]),
      );

      const unreadable = conformance.unreadableError ?? 'PDF_DAMAGED';
      it.each(UNREPAIRABLE)(`refuses unrepairable $name with ${unreadable}`, (broken) => expectError(withFirst(broken.file), unreadable));

      it(`refuses random bytes named .pdf with ${unreadable}`, () => expectError(withFirst(randomBytes), unreadable));
      it(`refuses an empty .pdf with ${unreadable}`, () => expectError(withFirst(emptyFile), unreadable));
      it(`refuses a JPEG renamed to .pdf with ${unreadable}`, () => expectError(withFirst(renamedJpeg), unreadable));

      it('stops with TASK_FAILED when the task is aborted', expectAbortedRunFails);

      it('keeps the sample inputs untouched', async () => {
        const before = await Promise.all(conformance.sample.map((f) => fs.readFile(f)));
        await withRun(conformance.tool, conformance.sample, conformance.options, async (run) => {
          const after = await Promise.all(run.inputs.map((f) => fs.readFile(f)));
          after.forEach((bytes, i) => expect(bytes.equals(before[i])).toBe(true));
        });
      });
    });

    describe.runIf(!tool.accepts.includes('pdf'))('inputs every image or URL tool must handle', () => {
      it('processes its sample', () => expectOutcome(conformance.sample, []));

      it('stops with TASK_FAILED when the task is aborted', expectAbortedRunFails);
    });
  });
}

import { randomBytes } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';
import { ERRORS } from '#shared/errors';
import { mapLimit } from '#shared/map-limit';
import { COPY } from './copy';
import { taskKey } from './journal';
import type { Job } from './plan';
import type { ProgressView, Row } from './render';
import { TaskFailure, type Produced, type Runner } from './runner';

/** A name from a processor or a server, as a plain file name of the output folder. */
function fileName(name: string): string {
  const plain = path.basename(name.replace(/[\\/]/g, '_')).replace(/[\x00-\x1f\x7f]/g, '');
  return plain.replace(/^\.+/, '') || 'output';
}

/** `report-compressed.pdf` → `report-compressed-2.pdf`: the first name that is neither an input nor taken. */
function freeName(dest: string, taken: ReadonlySet<string>): string {
  const ext = path.extname(dest);
  let candidate = dest;
  for (let n = 2; taken.has(candidate); n++) candidate = `${dest.slice(0, dest.length - ext.length)}-${n}${ext}`;
  return candidate;
}

/**
 * Writes a task's outputs into place: each to a hidden temp name first, renamed once complete, so
 * an interrupted run never leaves a partial file under an output's name. Never over an input.
 */
async function placeOutputs(job: Job, produced: Produced, inputs: ReadonlySet<string>): Promise<Array<{ path: string; size: number }>> {
  if (job.outFile && produced.outputs.length !== 1) throw new TaskFailure(COPY.severalOutputs(produced.outputs.length));
  await fs.mkdir(job.outDir, { recursive: true });
  const taken = new Set(inputs);
  const placed = [];
  for (const output of produced.outputs) {
    const dest = freeName(job.outFile ?? path.join(job.outDir, fileName(output.name)), taken);
    taken.add(dest);
    const temp = path.join(path.dirname(dest), `.${path.basename(dest)}.${randomBytes(4).toString('hex')}.part`);
    try {
      await output.save(temp);
      await fs.rename(temp, dest);
    } finally {
      await fs.rm(temp, { force: true });
    }
    placed.push({ path: dest, size: (await fs.stat(dest)).size });
  }
  return placed;
}

export interface RunSettings {
  tool: string;
  /** The options as given, part of each task's identity in the journal. */
  rawOptions: Record<string, unknown>;
  concurrency: number;
  signal: AbortSignal;
  view: ProgressView;
}

/**
 * Runs every task, a few at a time, and reports each: one that fails (or was finished by an
 * earlier run) never stops the others. Returns the summary's rows in the jobs' order.
 */
export async function runJobs(jobs: readonly Job[], runner: Runner, settings: RunSettings): Promise<Row[]> {
  const { signal, view } = settings;
  const inputs = new Set(jobs.flatMap((job) => job.inputs.map((i) => i.path)));

  return mapLimit(jobs, settings.concurrency, async (job, id) => {
    const started = Date.now();
    const inputBytes = job.inputs.reduce((sum, i) => sum + i.size, 0);
    const row = ({ result, ...fields }: Pick<Row, 'result'> & Partial<Row>): Row => ({
      file: job.label,
      result,
      inputBytes,
      outputBytes: 0,
      seconds: (Date.now() - started) / 1000,
      outputs: [],
      ...fields,
    });
    const key = taskKey(settings.tool, settings.rawOptions, job.inputs);
    let result: Row;
    view.start(id, job.label);
    try {
      if (signal.aborted) throw new TaskFailure(COPY.interrupted);
      const earlier = await job.journal?.finished(key);
      if (earlier) {
        result = row({ result: 'SKIPPED', outputBytes: earlier.reduce((s, o) => s + o.size, 0), outputs: earlier.map((o) => o.path) });
      } else {
        const produced = await runner.run(job, { signal, progress: (fraction) => view.update(id, fraction) });
        try {
          const placed = await placeOutputs(job, produced, inputs);
          await job.journal?.record(key, placed);
          result = row({ result: 'OK', outputBytes: placed.reduce((s, o) => s + o.size, 0), outputs: placed.map((o) => o.path) });
        } finally {
          await produced.dispose();
        }
      }
    } catch (e) {
      const failure =
        e instanceof TaskFailure
          ? e
          : signal.aborted
            ? new TaskFailure(COPY.interrupted)
            : new TaskFailure(ERRORS.TASK_FAILED.message, 'TASK_FAILED');
      if (!(e instanceof TaskFailure) && !signal.aborted) process.stderr.write(`${job.label}: ${(e as Error).stack ?? String(e)}\n`);
      result = row({ result: 'FAILED', message: failure.message, errorCode: failure.code, detail: failure.detail });
    }
    view.finish(id, result);
    return result;
  });
}

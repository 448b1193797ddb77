import { createHash } from 'node:crypto';
import fs from 'node:fs/promises';
import path from 'node:path';

/** A hidden file in each output folder: one line per finished task, written once its outputs are in place. */
export const JOURNAL_NAME = '.sheaf-done.jsonl';

interface Entry {
  key: string;
  outputs: Array<{ name: string; size: number }>;
}

/**
 * What an interrupted folder run already finished, so running it again resumes: a task's outputs
 * are renamed into place from temp names before its line is written, so a line names only complete
 * files, and a task counts as done only while those files are still there with their sizes. Output
 * names are the processor's, known only once it ran; the journal is where they are remembered.
 */
export class Journal {
  private static readonly open = new Map<string, Promise<Journal>>();
  private writing: Promise<unknown> = Promise.resolve();

  private constructor(
    private readonly file: string,
    private readonly entries: Map<string, Entry>,
  ) {}

  /** The journal of a folder (one instance per folder, so lines from parallel tasks never interleave). */
  static forDir(dir: string): Promise<Journal> {
    const file = path.join(dir, JOURNAL_NAME);
    let journal = Journal.open.get(file);
    if (!journal) {
      journal = Journal.load(file);
      Journal.open.set(file, journal);
    }
    return journal;
  }

  private static async load(file: string): Promise<Journal> {
    const entries = new Map<string, Entry>();
    const text = await fs.readFile(file, 'utf8').catch(() => '');
    for (const line of text.split('\n')) {
      try {
        const entry = JSON.parse(line) as Entry;
        if (typeof entry.key === 'string' && Array.isArray(entry.outputs)) entries.set(entry.key, entry);
      } catch {
        // A line cut short by a crash: that task runs again.
      }
    }
    return new Journal(file, entries);
  }

  /** Whether a file of this folder is an output the journal recorded (not an input for the next run). */
  isOutput(name: string): boolean {
    for (const entry of this.entries.values()) if (entry.outputs.some((o) => o.name === name)) return true;
    return false;
  }

  /** The recorded outputs of a finished task, when every one is still there, whole; else undefined. */
  async finished(key: string): Promise<Array<{ path: string; size: number }> | undefined> {
    const entry = this.entries.get(key);
    if (!entry) return undefined;
    const dir = path.dirname(this.file);
    const outputs = entry.outputs.map((o) => ({ path: path.join(dir, o.name), size: o.size }));
    for (const o of outputs) {
      const stat = await fs.stat(o.path).catch(() => undefined);
      if (stat?.size !== o.size) return undefined;
    }
    return outputs;
  }

  async record(key: string, outputs: Array<{ path: string; size: number }>): Promise<void> {
    const entry: Entry = { key, outputs: outputs.map((o) => ({ name: path.basename(o.path), size: o.size })) };
    this.entries.set(key, entry);
    const write = this.writing.then(() => fs.appendFile(this.file, JSON.stringify(entry) + '\n'));
    this.writing = write.catch(() => undefined);
    await write;
  }
}

/** A task's identity across runs: the tool, its options and its inputs as they are now (a changed file runs again). */
export function taskKey(tool: string, options: unknown, inputs: ReadonlyArray<{ path: string; size: number; mtimeMs: number }>): string {
  const what = JSON.stringify({ tool, options, inputs: inputs.map((i) => [i.path, i.size, Math.trunc(i.mtimeMs)]) });
  return createHash('sha256').update(what).digest('hex');
}

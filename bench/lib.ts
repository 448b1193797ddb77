import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { getTool, type ToolId } from '../shared/src/tools';
import { PROCESSORS } from '../worker/src/processors';

export const FIXTURES = path.resolve(import.meta.dirname, '../../shared/fixtures/pdf');

/** Wall-clock seconds of one call, with its result. */
export async function timed<T>(work: () => Promise<T>): Promise<{ seconds: number; result: T }> {
  const started = process.hrtime.bigint();
  const result = await work();
  return { seconds: Number(process.hrtime.bigint() - started) / 1e9, result };
}

export const median = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

export async function scratchDir(label: string): Promise<string> {
  return fs.mkdtemp(path.join(os.tmpdir(), `sheaf-bench-${label}-`));
}

/** Runs a tool's processor the way the worker does, in a work dir the caller removes. */
export async function runProcessor(tool: ToolId, files: readonly string[], rawOptions: Record<string, unknown>, workDir: string) {
  const options = getTool(tool)!.options.parse(rawOptions);
  const inputs = files.map((file) => ({ path: file, name: path.basename(file), kind: 'pdf' as const }));
  return PROCESSORS[tool]({ inputs, options, workDir, signal: new AbortController().signal, progress: async () => undefined });
}

export const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
export const secs = (s: number) => `${s.toFixed(2)} s`;

/** A markdown table. */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

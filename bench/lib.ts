import { openAsBlob } from 'node:fs';
import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { API_PATHS, TOOL_CODE } from '#shared/api';
import { parseProcessorConfig, type Env } from '#shared/env';
import { getTool, type ToolId } from '#shared/tools';
import { runEngine } from '../worker/src/engines/run';
import { PROCESSORS } from '../worker/src/processors';
import { fixture } from '../tests/support/fixtures';
import type { Stack } from '../tests/support/stack';

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
export async function runProcessor(
  tool: ToolId,
  files: readonly string[],
  rawOptions: Record<string, unknown>,
  workDir: string,
  signal: AbortSignal = new AbortController().signal,
) {
  const options = getTool(tool)!.options.parse(rawOptions);
  const inputs = files.map((file) => ({ path: file, name: path.basename(file), kind: 'pdf' as const }));
  return PROCESSORS[tool]({ inputs, options, workDir, config: parseProcessorConfig(), signal, progress: async () => undefined });
}

export const kb = (bytes: number) => `${Math.round(bytes / 1024).toLocaleString('en')} KB`;
export const secs = (s: number) => `${s.toFixed(2)} s`;

/** A markdown table. */
export function table(header: string[], rows: string[][]): string {
  const line = (cells: string[]) => `| ${cells.join(' | ')} |`;
  return [line(header), line(header.map(() => '---')), ...rows.map(line)].join('\n');
}

/**
 * The real api and worker of `tests/support/stack.ts` (and the built web app with `web`), for
 * `use`, stopped afterwards. Throws a readable reason when the database or Redis is not configured
 * (`npm run bench` sets them up).
 */
export async function withStack<T>(
  use: (stack: Stack) => Promise<T>,
  opts: { worker?: boolean; web?: boolean; env?: Partial<Env> } = {},
): Promise<T> {
  // The stack's config check exits the process when these are missing; say so instead.
  const missing = ['DATABASE_URL', 'REDIS_URL'].filter((name) => !process.env[name]);
  if (missing.length) throw new Error(`${missing.join(' and ')} not set`);
  const { startStack } = await import('../tests/support/stack');
  const stack = await startStack(opts.env ?? {}, opts);
  try {
    return await use(stack);
  } finally {
    await stack.stop();
  }
}

/** fetch with a cookie jar, so the visitor cookie the server sets comes back on every call. */
export function visitorClient(baseUrl: string) {
  const cookies = new Map<string, string>();
  const send = async (pathname: string, init: RequestInit = {}) => {
    const res = await fetch(baseUrl + pathname, {
      ...init,
      headers: { ...init.headers, ...(cookies.size ? { cookie: [...cookies].map(([k, v]) => `${k}=${v}`).join('; ') } : {}) },
    });
    for (const header of res.headers.getSetCookie()) {
      const [pair] = header.split(';');
      const eq = pair.indexOf('=');
      cookies.set(pair.slice(0, eq).trim(), pair.slice(eq + 1).trim());
    }
    return res;
  };
  return {
    async post(pathname: string, body: FormData | Record<string, unknown>): Promise<Record<string, unknown>> {
      const isForm = body instanceof FormData;
      const res = await send(pathname, {
        method: 'POST',
        headers: isForm ? {} : { 'content-type': 'application/json' },
        body: isForm ? body : JSON.stringify(body),
      });
      return (await res.json()) as Record<string, unknown>;
    },
    get: (pathname: string) => send(pathname),
    send,
  };
}

export type VisitorClient = ReturnType<typeof visitorClient>;

/** Uploads one file as the visitor and returns its token. */
export async function upload(client: VisitorClient, file: string): Promise<string> {
  const form = new FormData();
  form.append('file', await openAsBlob(file, { type: 'application/pdf' }), path.basename(file));
  const answer = await client.post(API_PATHS.unLoginUpload, form);
  if (answer.code !== TOOL_CODE.done) throw new Error(`upload of ${path.basename(file)} answered ${JSON.stringify(answer)}`);
  return answer.token as string;
}

/** Starts a task and polls its progress every `pollMs` until it is Done; throws when it fails or takes over `limitMs`. */
export async function runTask(
  client: VisitorClient,
  request: Record<string, unknown>,
  pollMs: number,
  limitMs = 120_000,
): Promise<Record<string, unknown>> {
  const started = performance.now();
  let answer = await client.post(API_PATHS.unLoginTransfer, request);
  const id = answer.id as string;
  for (;;) {
    const result = answer.result as { status?: string } | undefined;
    if (answer.code === TOOL_CODE.done && result?.status === 'Done') return answer;
    if (result?.status === 'Failed' || !id) throw new Error(`${String(request.toolType)} task answered ${JSON.stringify(answer)}`);
    if (performance.now() - started > limitMs) throw new Error(`${String(request.toolType)} task not Done after ${limitMs / 1000} s`);
    await new Promise((r) => setTimeout(r, pollMs));
    answer = await client.post(API_PATHS.transferProgress, { id });
  }
}

/**
 * A 300-page PDF of real documents (a 117-page book, reports, papers, a table-heavy export, the
 * first 36 pages of the book again), written to `dir`.
 */
export async function buildLongPdf(dir: string): Promise<string> {
  const parts = [
    'pypdf_GeoTopo-komprimiert.pdf',
    'plumber_chelsea_pdta.pdf',
    'pdfjs_TAMReview.pdf',
    'plumber_WARN-Report.pdf',
    'plumber_federal-register-2020-17221.pdf',
    'pdfjs_tracemonkey.pdf',
    'pdfjs_comments_incremental.pdf',
  ].map((name) => fixture(`pdf/${name}`));
  const target = path.join(dir, 'long-300.pdf');
  await runEngine('qpdf', ['--empty', '--pages', ...parts, parts[0], '1-36', '--', target], { timeoutMs: 120_000, okCodes: [0, 3] });
  return target;
}

export const LONG_PDF_PAGES = 300;

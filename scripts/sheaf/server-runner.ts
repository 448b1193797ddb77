import { randomBytes } from 'node:crypto';
import { createReadStream, createWriteStream } from 'node:fs';
import { Readable } from 'node:stream';
import { pipeline } from 'node:stream/promises';
import { setTimeout as sleep } from 'node:timers/promises';
import { API_PATHS, type TaskAnswer, type UploadAnswer } from '#shared/api';
import { ERRORS } from '#shared/errors';
import type { ToolDefinition } from '#shared/tools';
import { COPY } from './copy';
import type { CliInput } from './plan';
import { TaskFailure, type ProducedOutput, type Runner } from './runner';

/** Polls of transferProgress: quick at first (most tasks take seconds), then once a second. */
const POLL_MS = [250, 500, 1000];
/** A busy server's Retry-After is honoured up to this long per wait, this many times per request. */
const MAX_RETRY_WAIT_MS = 60_000;
const MAX_RETRIES = 20;
/** How the parts of a task weigh in its progress bar: upload, processing, download. */
const UPLOAD_SHARE = 0.3;
const PROCESS_SHARE = 0.6;

/** Seconds (or an HTTP date) a 429 or 503 asks to wait, 1 s when it does not say. */
function retryAfterMs(header: string | null): number {
  const seconds = Number(header);
  if (header && Number.isFinite(seconds)) return Math.max(1, seconds) * 1000;
  const date = header ? Date.parse(header) : NaN;
  return Number.isFinite(date) ? Math.max(1000, date - Date.now()) : 1000;
}

/** The download name from `attachment; filename="…"; filename*=UTF-8''…` (the UTF-8 one when given). */
function dispositionName(header: string | null): string | undefined {
  const utf8 = header && /filename\*=UTF-8''([^;]+)/i.exec(header);
  if (utf8) return decodeURIComponent(utf8[1]);
  return (header && /filename="([^"]*)"/i.exec(header)?.[1]) || undefined;
}

/** A multipart body (fields, then the file streamed from disk) with its length, so a server over its limit refuses it unread. */
function multipart(input: CliInput, fields: Record<string, string>, onBytes: (sent: number) => void) {
  const boundary = `----sheaf${randomBytes(12).toString('hex')}`;
  // Browsers escape these three in a part's file name the same way.
  const fileName = input.name.replace(/"/g, '%22').replace(/\r/g, '%0D').replace(/\n/g, '%0A');
  const head = Buffer.from(
    Object.entries(fields)
      .map(([name, value]) => `--${boundary}\r\nContent-Disposition: form-data; name="${name}"\r\n\r\n${value}\r\n`)
      .join('') +
      `--${boundary}\r\nContent-Disposition: form-data; name="file"; filename="${fileName}"\r\nContent-Type: application/octet-stream\r\n\r\n`,
  );
  const tail = Buffer.from(`\r\n--${boundary}--\r\n`);
  async function* body() {
    yield head;
    let sent = 0;
    for await (const chunk of createReadStream(input.path)) {
      sent += (chunk as Buffer).length;
      onBytes(sent);
      yield chunk as Buffer;
    }
    yield tail;
  }
  return { contentType: `multipart/form-data; boundary=${boundary}`, length: head.length + input.size + tail.length, body };
}

interface Request {
  method: 'GET' | 'POST';
  path: string;
  json?: unknown;
  /** A body made anew for each attempt (a retried upload streams its file again). */
  stream?: () => { contentType: string; length: number; body: () => AsyncIterable<Buffer> };
}

/**
 * Runs tasks on a Sheaf server as an API client: upload each input with the key, transfer, poll
 * transferProgress, then hand back the outputs to download. A busy server (429, 503) is waited for
 * as its Retry-After says; any other refusal fails that task with the server's message.
 */
export function serverRunner(tool: ToolDefinition, rawOptions: Record<string, unknown>, server: { url: string; key: string }): Runner {
  async function call(req: Request, signal: AbortSignal): Promise<Response> {
    for (let attempt = 0; ; attempt++) {
      const stream = req.stream?.();
      let res: Response;
      try {
        res = await fetch(server.url + req.path, {
          method: req.method,
          signal,
          headers: {
            Authorization: `Bearer ${server.key}`,
            ...(req.json !== undefined && { 'Content-Type': 'application/json' }),
            ...(stream && { 'Content-Type': stream.contentType, 'Content-Length': String(stream.length) }),
          },
          body: req.json !== undefined ? JSON.stringify(req.json) : (stream?.body() as unknown as BodyInit | undefined),
          ...(stream && { duplex: 'half' }),
        } as RequestInit);
      } catch (e) {
        if (signal.aborted) throw e;
        throw new TaskFailure(
          COPY.unreachable(server.url, (e as Error).cause instanceof Error ? ((e as Error).cause as Error).message : (e as Error).message),
        );
      }
      if ((res.status === 429 || res.status === 503) && attempt < MAX_RETRIES) {
        await res.body?.cancel();
        await sleep(Math.min(MAX_RETRY_WAIT_MS, retryAfterMs(res.headers.get('retry-after'))), undefined, { signal });
        continue;
      }
      if (res.ok) return res;
      const answer = (await res.json().catch(() => undefined)) as { message?: string; error?: string } | undefined;
      throw new TaskFailure(answer?.message ?? COPY.unexpectedAnswer(res.status), answer?.error);
    }
  }

  const postJson = async <T>(path: string, json: unknown, signal: AbortSignal) =>
    (await (await call({ method: 'POST', path, json }, signal)).json()) as T;

  /** The outputs of a finished task: named by the answer when it has several, else by the download's own header. */
  async function outputsOf(answer: TaskAnswer, signal: AbortSignal): Promise<ProducedOutput[]> {
    const { result } = answer;
    const urls = result.fileurl ? [result.fileurl] : (result.pdfurls ?? result.imageurls ?? []);
    const save = (res: Response) => (dest: string) => pipeline(Readable.fromWeb(res.body! as never), createWriteStream(dest), { signal });
    const outputs: ProducedOutput[] = [];
    for (const [i, url] of urls.entries()) {
      const name = result.names?.[i];
      if (name) {
        outputs.push({ name, save: async (dest) => save(await call({ method: 'GET', path: url }, signal))(dest) });
        continue;
      }
      const res = await call({ method: 'GET', path: url }, signal);
      outputs.push({ name: dispositionName(res.headers.get('content-disposition')) ?? `${tool.id}-${i + 1}`, save: save(res) });
    }
    return outputs;
  }

  return {
    async run(job, { signal, progress }) {
      const total = job.inputs.reduce((sum, i) => sum + i.size, 0) || 1;
      const tokens: string[] = [];
      let uploaded = 0;
      for (const input of job.inputs) {
        const before = uploaded;
        const stream = () => multipart(input, { toolType: tool.id }, (sent) => progress((UPLOAD_SHARE * (before + sent)) / total));
        const answer = (await (await call({ method: 'POST', path: API_PATHS.upload, stream }, signal)).json()) as UploadAnswer;
        tokens.push(answer.token);
        uploaded += input.size;
      }
      const files = tokens.length === 1 ? { token: tokens[0] } : tokens.length ? { urls: tokens.join(';') } : {};
      let answer = await postJson<TaskAnswer>(API_PATHS.transfer, { toolType: tool.id, ...files, ...rawOptions }, signal);
      for (let poll = 0; answer.result.status === 'Doing'; poll++) {
        progress(UPLOAD_SHARE + PROCESS_SHARE * answer.result.progress);
        await sleep(POLL_MS[Math.min(poll, POLL_MS.length - 1)], undefined, { signal });
        answer = await postJson<TaskAnswer>(API_PATHS.transferProgress, { id: answer.id }, signal);
      }
      if (answer.result.status === 'Failed') {
        throw new TaskFailure(answer.result.message ?? ERRORS.TASK_FAILED.message, answer.result.errorCode);
      }
      progress(UPLOAD_SHARE + PROCESS_SHARE);
      return { outputs: await outputsOf(answer, signal), dispose: async () => undefined };
    },
    async close() {},
  };
}

import http from 'node:http';
import type { AddressInfo } from 'node:net';

/**
 * A local server that speaks the OpenAI REST protocol as the official `openai` client uses it, so
 * generative mode is tested end to end without a vendor. Base URL: `url` (ends in `/v1`).
 *
 * - Every call needs `Authorization: Bearer <apiKey>` (default 'test-key'), else 401.
 * - `GET /v1/models` → the model list (`stand-in`, `stand-in-vision`, `stand-in-embed`).
 * - `POST /v1/embeddings` → one vector per input (8 floats: word hashes bucketed then normalised, so
 *   texts sharing words are close); base64 of little-endian float32 by default as the client asks,
 *   plain numbers with `encoding_format: 'float'`.
 * - `POST /v1/chat/completions` (JSON, or Server-Sent Events `data: {chunk}` lines ending
 *   `data: [DONE]` with `stream: true`, the reply cut into deltas of a few words). The reply is
 *   built from the request, first rule that applies:
 *   1. Translation — the system message asks to translate into a language code ("… into fr …"):
 *      every block of the last user message comes back prefixed with `[<lang>] `. A user message that
 *      is a JSON array of strings gets a JSON array back; otherwise each non-empty line is a block
 *      (lines that are only a number with punctuation, such as `<3>` or `[[3]]`, are kept as they are).
 *   2. Passages — the last user message holds passages marked `[p. N] text`: the reply is the first passage's
 *      first sentence of five words or more cited `[p. N]`, then its next such sentence (or the first
 *      again) cited to a WRONG page W: the page of the last passage whose page is not N, or N + 1
 *      when all are on N. So a citation check keeps `[p. N]` and drops `[p. W]`.
 *   3. Otherwise: `Stand-in reply to: <last user text>`, plus ` (with an image)` when an image part
 *      was sent.
 * - Options (also changeable later through `options`): `fail` → every call answers HTTP 500;
 *   `delayMs` → a pause before each streamed delta (and before a JSON answer).
 * - `requests` records each call: path, parsed body, and whether the client went away before the
 *   answer ended (`aborted`).
 */
export interface OpenAiStandInOptions {
  apiKey?: string;
  fail?: boolean;
  delayMs?: number;
}

export interface StandInRequest {
  path: string;
  body: any;
  aborted: boolean;
}

type Part = { type: string; text?: string; image_url?: { url: string } };
type Message = { role: string; content: string | Part[] | null };

const DIMENSIONS = 8;

export async function startOpenAiStandIn(opts: OpenAiStandInOptions = {}) {
  const options = { apiKey: 'test-key', fail: false, delayMs: 0, ...opts };
  const requests: StandInRequest[] = [];
  const pause = (ms: number) => new Promise((r) => setTimeout(r, ms));

  const server = http.createServer(async (req, res) => {
    const raw = await new Promise<string>((resolve) => {
      let data = '';
      req.on('data', (c) => (data += c));
      req.on('end', () => resolve(data));
    });
    const path = new URL(req.url!, 'http://stand-in').pathname;
    let body: any = null;
    try {
      body = raw ? JSON.parse(raw) : null;
    } catch {
      body = raw;
    }
    const record: StandInRequest = { path, body, aborted: false };
    requests.push(record);
    res.on('close', () => {
      if (!res.writableFinished) record.aborted = true;
    });
    const json = (status: number, value: unknown) => {
      res.writeHead(status, { 'Content-Type': 'application/json' });
      res.end(JSON.stringify(value));
    };
    if (req.headers.authorization !== `Bearer ${options.apiKey}`) {
      return json(401, { error: { message: 'Incorrect API key provided', type: 'invalid_request_error', code: 'invalid_api_key' } });
    }
    if (options.fail) return json(500, { error: { message: 'The stand-in was told to fail', type: 'server_error', code: null } });

    if (path === '/v1/models' && req.method === 'GET') {
      return json(200, { object: 'list', data: ['stand-in', 'stand-in-vision', 'stand-in-embed'].map((id) => ({ id, object: 'model', created: 0, owned_by: 'stand-in' })) });
    }
    if (path === '/v1/embeddings' && req.method === 'POST') {
      const inputs: string[] = Array.isArray(body?.input) ? body.input : [body?.input ?? ''];
      const data = inputs.map((text, index) => {
        const vector = embedding(String(text));
        const encoded = body?.encoding_format === 'float' ? vector : float32Base64(vector);
        return { object: 'embedding', index, embedding: encoded };
      });
      return json(200, { object: 'list', data, model: body?.model ?? 'stand-in-embed', usage: { prompt_tokens: 0, total_tokens: 0 } });
    }
    if (path === '/v1/chat/completions' && req.method === 'POST') {
      const reply = replyTo((body?.messages ?? []) as Message[]);
      const base = { id: `chatcmpl-${requests.length}`, created: Math.floor(Date.now() / 1000), model: body?.model ?? 'stand-in' };
      if (!body?.stream) {
        if (options.delayMs) await pause(options.delayMs);
        return json(200, {
          ...base,
          object: 'chat.completion',
          choices: [{ index: 0, message: { role: 'assistant', content: reply }, finish_reason: 'stop', logprobs: null }],
          usage: { prompt_tokens: 0, completion_tokens: 0, total_tokens: 0 },
        });
      }
      res.writeHead(200, { 'Content-Type': 'text/event-stream', 'Cache-Control': 'no-cache', Connection: 'keep-alive' });
      const send = (delta: object, finish: string | null) =>
        res.write(`data: ${JSON.stringify({ ...base, object: 'chat.completion.chunk', choices: [{ index: 0, delta, finish_reason: finish, logprobs: null }] })}\n\n`);
      send({ role: 'assistant', content: '' }, null);
      for (const piece of deltas(reply)) {
        if (options.delayMs) await pause(options.delayMs);
        if (res.destroyed) return;
        send({ content: piece }, null);
      }
      send({}, 'stop');
      res.write('data: [DONE]\n\n');
      return res.end();
    }
    json(404, { error: { message: `Unknown path ${path}`, type: 'invalid_request_error', code: 'unknown_url' } });
  });

  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  return {
    url: `http://127.0.0.1:${port}/v1`,
    requests,
    options,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

const textOf = (m: Message) => (typeof m.content === 'string' ? m.content : (m.content ?? []).flatMap((p) => (p.type === 'text' ? [p.text ?? ''] : [])).join('\n'));

/** The deterministic reply described at the top of this file. */
export function replyTo(messages: Message[]): string {
  const system = messages.filter((m) => m.role === 'system').map(textOf).join('\n');
  const lastUser = [...messages].reverse().find((m) => m.role === 'user');
  const userText = lastUser ? textOf(lastUser) : '';

  const language = /translat\w*\b[^\n]*?\binto\s+(?:the\s+language\s+)?["'`(]?([a-z]{2,3}(?:-[A-Za-z0-9]{2,8})?)\b/i.exec(system)?.[1];
  if (language) return translated(userText, language);

  const passages = [...userText.matchAll(/\[p\.\s*(\d+)\]\s*([^\n]+)/g)].map((m) => ({ page: Number(m[1]), text: m[2].trim() }));
  const first = passages.find((p) => /\p{L}{3}/u.test(p.text));
  if (first) {
    const pieces = first.text.match(/[^.!?]+[.!?]*/g)!.map((s) => s.trim().replace(/[.!?]+$/, '')).filter(Boolean);
    // A piece of a few words is the tail of an abbreviation ("No. 07-127"), not a claim.
    const claims = pieces.filter((s) => s.split(/\s+/).length >= 5);
    const [claim, next] = claims.length > 0 ? claims : pieces;
    const wrongPage = [...passages].reverse().find((p) => p.page !== first.page)?.page ?? first.page + 1;
    return `${claim} [p. ${first.page}]. ${next ?? claim} [p. ${wrongPage}].`;
  }
  const image = Array.isArray(lastUser?.content) && lastUser.content.some((p) => p.type === 'image_url');
  return `Stand-in reply to: ${userText}${image ? ' (with an image)' : ''}`;
}

function translated(text: string, language: string): string {
  const mark = (s: string) => `[${language}] ${s}`;
  try {
    const parsed = JSON.parse(text);
    if (Array.isArray(parsed) && parsed.every((s) => typeof s === 'string')) return JSON.stringify(parsed.map(mark));
  } catch {
    // Not JSON: blocks are lines.
  }
  return text
    .split('\n')
    .map((line) => (line.trim() === '' || /^\W*\d+\W*$/.test(line.trim()) ? line : mark(line)))
    .join('\n');
}

/** The reply cut into deltas of three words, spaces kept, so joining them gives the reply back. */
function deltas(reply: string): string[] {
  const words = reply.match(/\S+\s*/g) ?? [reply];
  const out: string[] = [];
  for (let i = 0; i < words.length; i += 3) out.push(words.slice(i, i + 3).join(''));
  return out;
}

/** Words hashed into a few buckets and normalised: texts that share words point the same way. */
export function embedding(text: string): number[] {
  const vector = new Array<number>(DIMENSIONS).fill(0);
  for (const word of text.toLowerCase().match(/\p{L}+/gu) ?? []) {
    let hash = 0;
    for (const ch of word) hash = (hash * 31 + ch.codePointAt(0)!) >>> 0;
    vector[hash % DIMENSIONS] += 1;
  }
  const norm = Math.hypot(...vector) || 1;
  return vector.map((v) => Math.fround(v / norm));
}

function float32Base64(vector: number[]): string {
  const buf = Buffer.alloc(vector.length * 4);
  vector.forEach((v, i) => buf.writeFloatLE(v, i * 4));
  return buf.toString('base64');
}

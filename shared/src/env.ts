import { isIP } from 'node:net';
import path from 'node:path';
import { z } from 'zod';
import { DEFAULT_AI_MAX_PAGES, DEFAULT_DATA_DIR, DEFAULT_MAX_UPLOAD_MB, DEFAULT_RETENTION_MINUTES } from './limits';
import { readSealCertificate, type SealCertificate } from './seal-certificate';
import { readTrustRoots } from './trust-roots';
import { isValidEmail } from './validation';

const int = (def: number, min = 0) => z.coerce.number().int().min(min).default(def);

/**
 * "host:port, host:port" → normalised "host:port" keys (lower-case, IPv4 in dotted form, IPv6 in
 * brackets), the form the SSRF guard compares a request's host and port with.
 */
function parseHostPortList(raw: string, ctx: z.RefinementCtx): string[] {
  const keys: string[] = [];
  for (const entry of raw.split(',').map((e) => e.trim()).filter(Boolean)) {
    const m = /^(.+):(\d{1,5})$/.exec(entry);
    let host: string | undefined;
    try {
      host = m ? new URL(`http://${m[1]}/`).hostname : undefined;
    } catch {
      host = undefined;
    }
    if (!m || !host || Number(m[2]) < 1 || Number(m[2]) > 65535) {
      ctx.addIssue({ code: 'custom', message: `"${entry}" is not host:port` });
      return z.NEVER;
    }
    keys.push(`${host}:${Number(m[2])}`);
  }
  return keys;
}

const PROXY_NAMES = new Set(['loopback', 'linklocal', 'uniquelocal']);

/**
 * Express's `trust proxy`: a number of hops, or comma-separated names (loopback, linklocal,
 * uniquelocal), addresses and subnets. `true` (trust every hop) is refused: any client could then
 * forge its address, and with it the per-IP rate limits.
 */
function parseTrustProxy(raw: string, ctx: z.RefinementCtx): number | string[] {
  if (/^\d+$/.test(raw.trim())) return Number(raw);
  const entries = raw.split(',').map((e) => e.trim()).filter(Boolean);
  for (const entry of entries) {
    const [addr, bits, ...rest] = entry.split('/');
    const subnetOk = bits === undefined || /^\d{1,3}$/.test(bits) || isIP(bits) === 4;
    if (PROXY_NAMES.has(entry) || (isIP(addr) && subnetOk && rest.length === 0)) continue;
    ctx.addIssue({ code: 'custom', message: `"${entry}" is not a hop count, loopback/linklocal/uniquelocal, an address or a subnet` });
    return z.NEVER;
  }
  if (entries.length === 0) ctx.addIssue({ code: 'custom', message: 'is empty' });
  return entries;
}

const ZEnv = z.object({
  NODE_ENV: z.enum(['development', 'production', 'test']).default('development'),
  PORT: int(3000, 0),
  /** The public origin: mailed links and Google's callback are built from it, never from the request's Host. */
  PUBLIC_URL: z.url({ protocol: /^https?$/ }).optional(),
  /**
   * Which proxies' X-Forwarded-* headers to believe (client address, HTTPS). None unless configured:
   * without a proxy, any client (a local one too) could name its own address and dodge the per-IP limits.
   */
  TRUST_PROXY: z.string().default('0').transform(parseTrustProxy),
  DATABASE_URL: z.string().regex(/^postgres(ql)?:\/\//, 'must be a postgresql:// URL'),
  REDIS_URL: z.string().regex(/^rediss?:\/\//, 'must be a redis:// URL'),
  DATA_DIR: z.string().default(DEFAULT_DATA_DIR),
  FILE_RETENTION_MINUTES: int(DEFAULT_RETENTION_MINUTES, 1),
  /**
   * Who may download results. Unset: `pro` when billing is configured (the spec's rule), else `open`:
   * a server that sells nothing has no plan to ask for, and an account would only stand in the way.
   */
  DOWNLOAD_POLICY: z.enum(['pro', 'login', 'open']).optional(),
  /** Conversions a signed-in Free user may run per day when billing is configured; Pro users are never counted. */
  FREE_DAILY_TASKS: int(5, 1),
  MAX_UPLOAD_MB: int(DEFAULT_MAX_UPLOAD_MB, 1),
  WORKER_CONCURRENCY: int(2, 1),
  /** Jobs per worker process in the quick lane (merge, split, rotate, delete, organize, protect, unlock). */
  WORKER_QUICK_CONCURRENCY: int(1, 1),
  /** How long a job may go without its worker's heartbeat before another worker takes it over. */
  WORKER_LOCK_MS: int(30_000, 1000),
  /**
   * Memory one task may hold, in MB: its task host and every engine it started (resident set). A
   * task past it is stopped with FILE_TOO_COMPLEX; hostile files stop here instead of the machine.
   */
  TASK_MEMORY_MB: int(1024, 128),
  /** Memory all of a worker's task hosts may hold together; past it the largest task is stopped the same way. */
  WORKER_MEMORY_MB: int(2048, 256),
  /** How often the retention sweep runs. */
  SWEEP_INTERVAL_MS: int(60_000, 1000),
  /**
   * How often each worker looks for tasks that say Doing with no job in Redis (the api lost Redis
   * between writing the task and queuing it, or Redis lost the job) and queues them; a task is
   * looked at once it is this old. 0 turns it off (tests, whose stacks share one database under
   * queue prefixes of their own, would take each other's tasks for lost).
   */
  LOST_TASK_CHECK_MS: int(15_000).refine((ms) => ms === 0 || ms >= 1000, 'LOST_TASK_CHECK_MS is 0 (off) or at least 1000'),
  QUEUE_PREFIX: z.string().default('sheaf'),
  SMTP_URL: z.string().optional(),
  /** Where contact-form messages are mailed: one address (the mailer takes no lists). */
  CONTACT_EMAIL: z
    .string()
    .default('support@localhost')
    .refine((address) => isValidEmail(address, { localDomain: true }), 'one mail address, such as support@example.com'),
  GOOGLE_CLIENT_ID: z.string().optional(),
  GOOGLE_CLIENT_SECRET: z.string().optional(),
  /** Google's endpoints; tests point them at a local stand-in that speaks the same protocol. */
  GOOGLE_JWKS_URL: z.url().default('https://www.googleapis.com/oauth2/v3/certs'),
  GOOGLE_ISSUER: z.string().default('https://accounts.google.com'),
  GOOGLE_AUTH_URL: z.url().default('https://accounts.google.com/o/oauth2/v2/auth'),
  GOOGLE_TOKEN_URL: z.url().default('https://oauth2.googleapis.com/token'),
  GOOGLE_USERINFO_URL: z.url().default('https://openidconnect.googleapis.com/v1/userinfo'),
  /** Single-use email login links expire after this many minutes. */
  EMAIL_LINK_MINUTES: int(15, 1),
  SESSION_DAYS: int(30, 1),
  /** Billing is configured when both are set; one without the other stops boot (see loadEnv). */
  STRIPE_SECRET_KEY: z.string().min(1).optional(),
  STRIPE_WEBHOOK_SECRET: z.string().min(1).optional(),
  /** The Stripe API's base URL: Stripe's own, or a local server that speaks its protocol (tests, staging). */
  STRIPE_API_URL: z.url({ protocol: /^https?$/ }).default('https://api.stripe.com'),
  /** Where the desktop installers are published (absolute or site-relative URLs); unset, /download says they are not available. */
  DESKTOP_WINDOWS_URL: z.string().min(1).optional(),
  DESKTOP_MAC_URL: z.string().min(1).optional(),
  /**
   * Generative mode: an OpenAI-compatible server (a vendor, or the operator's Ollama, vLLM or
   * llama.cpp), its key and its chat model. All three or none (see loadEnv); none is document mode.
   */
  AI_BASE_URL: z.string().optional(),
  AI_API_KEY: z.string().optional(),
  AI_MODEL: z.string().optional(),
  /** The same server's embedding model, used to re-rank retrieved passages; unset, BM25 alone ranks them. */
  AI_EMBEDDING_MODEL: z.string().min(1).optional(),
  /** The same server's vision model, which sees an uploaded image with the question (chat with image); unset, its OCR text is used. */
  AI_VISION_MODEL: z.string().min(1).optional(),
  /**
   * Pages an AI document may have, on every plan and with billing off too (the Free plan's 100 stay
   * below it): a long book's text is read in seconds, and nothing larger ties up an indexing slot.
   */
  AI_MAX_PAGES: int(DEFAULT_AI_MAX_PAGES, 1),
  /** AI documents a worker process indexes at once; each owner has one of them at most (see ai-index-queue.ts). */
  AI_INDEX_CONCURRENCY: int(2, 1),
  /** The footer's social links: each shown only when the operator gives the site's own account. */
  SOCIAL_FACEBOOK_URL: z.url().optional(),
  SOCIAL_X_URL: z.url().optional(),
  SOCIAL_LINKEDIN_URL: z.url().optional(),
  SOCIAL_YOUTUBE_URL: z.url().optional(),
  /** Books per eBooks-to-PDF task; the spec allows 9 or 20. The API and the tool page both apply it. */
  EBOOK_MAX_FILES: z.coerce.number().int().min(1).max(20).default(9),
  /** HTML to PDF: time for the page to load (its `load` event), and the most pages it prints. */
  HTML_LOAD_SECONDS: int(30, 1),
  HTML_MAX_PAGES: int(500, 1),
  /**
   * Path of the operator's PKCS#12 file (.p12/.pfx: an RSA key and its certificate) that seals signed
   * PDFs (PAdES) when a user asks; unset, sealing is not offered. Opened at boot (see loadEnv).
   */
  SIGN_CERT_P12: z.string().min(1).optional(),
  /** The password of SIGN_CERT_P12 (unset: the file has none). */
  SIGN_CERT_PASSWORD: z.string().optional(),
  /**
   * Check signatures: a file or a folder of root certificates (PEM or DER) the operator trusts; a
   * signature whose certificate leads to one is "trusted". Unset, trust is reported as not checked.
   */
  SIGNATURE_TRUST_ROOTS: z.string().min(1).optional(),
  /**
   * Where files live: `local` (under DATA_DIR/files, one machine or a shared volume) or `s3`, an
   * S3-compatible bucket (S3_BUCKET) reached with the AWS SDK's own variables: AWS_REGION,
   * AWS_ACCESS_KEY_ID, AWS_SECRET_ACCESS_KEY, and AWS_ENDPOINT_URL_S3 for a non-AWS server (path-style).
   */
  FILE_STORE: z.enum(['local', 's3']).default('local'),
  S3_BUCKET: z.string().min(3).optional(),
  /** The bearer token Prometheus sends to /metrics; unset, /metrics is not served. */
  METRICS_TOKEN: z.string().min(16).optional(),
  /** Where each worker serves its own /metrics (same token); unset, workers serve none. Prometheus scrapes every worker host. */
  WORKER_METRICS_PORT: z.coerce.number().int().min(1).max(65535).optional(),
  /** Waiting tasks across the queues past which a new transfer is refused with 503 and Retry-After. */
  QUEUE_BUSY_DEPTH: int(500, 1),
  /** Tasks one user or visitor may have waiting or running at once. */
  TASKS_PER_USER: int(10, 1),
  /** Uploads and transfers one visitor (or one IP address) may start per minute. */
  UPLOADS_PER_MINUTE: int(120, 1),
  TRANSFERS_PER_MINUTE: int(60, 1),
  /** Requests one API key may make per minute, on any API route (on top of the upload and transfer limits). */
  API_KEY_REQUESTS_PER_MINUTE: int(300, 1),
  /** Wrong credentials (API keys, login links, the metrics token) one IP address may send per minute; past it every credential from it answers 429 until the minute ends. */
  FAILED_AUTH_PER_MINUTE: int(20, 1),
  /** The first retry delay of a webhook delivery (doubling each time, five attempts in all); tests set it short. */
  WEBHOOK_RETRY_BASE_MS: int(30_000, 1),
  /** Internal `host:port`s (comma-separated) that html-to-pdf and webhooks may reach although the SSRF guard blocks internal addresses. */
  URL_FETCH_ALLOWLIST: z.string().transform(parseHostPortList).default([]),
  /** Warm engines (the LibreOffice pool, Chromium) start with the first task that needs them and stop after this long unused. */
  ENGINE_IDLE_SECONDS: int(300, 1),
  /** The OCR engine: `native` Tesseract or `wasm` (tesseract.js). Unset, the worker's boot probe picks native when `tesseract` is installed. */
  OCR_ENGINE: z.enum(['native', 'wasm']).optional(),
});

/** ENGINE_IDLE_SECONDS in milliseconds, for the engines of a task host (they read the environment they inherit). */
export function engineIdleMs(source: NodeJS.ProcessEnv = process.env): number {
  return ZEnv.shape.ENGINE_IDLE_SECONDS.parse(source.ENGINE_IDLE_SECONDS) * 1000;
}

/**
 * Memory one heavy task may count on, in MB, for engines it runs several of at once (OCR): its
 * share of the worker's total when every heavy slot is busy (WORKER_MEMORY_MB / WORKER_CONCURRENCY),
 * and never more than TASK_MEMORY_MB. Past the total the worker stops the largest task, so a task
 * that took more than its share could fail another's.
 */
export function taskShareMb(source: NodeJS.ProcessEnv = process.env): number {
  const worker = ZEnv.shape.WORKER_MEMORY_MB.parse(source.WORKER_MEMORY_MB);
  const slots = ZEnv.shape.WORKER_CONCURRENCY.parse(source.WORKER_CONCURRENCY);
  return Math.min(ZEnv.shape.TASK_MEMORY_MB.parse(source.TASK_MEMORY_MB), Math.floor(worker / slots));
}

/** The social networks the footer can link to, and the setting that gives each one's address. */
export const SOCIAL_SETTINGS = {
  facebook: 'SOCIAL_FACEBOOK_URL',
  x: 'SOCIAL_X_URL',
  linkedin: 'SOCIAL_LINKEDIN_URL',
  youtube: 'SOCIAL_YOUTUBE_URL',
} as const satisfies Record<string, keyof Env>;
export type SocialNetwork = keyof typeof SOCIAL_SETTINGS;

/** The footer's social links: only the networks the operator configured, in the footer's order. */
export function socialLinks(config: Pick<Env, (typeof SOCIAL_SETTINGS)[SocialNetwork]>): Array<{ network: SocialNetwork; url: string }> {
  return (Object.keys(SOCIAL_SETTINGS) as SocialNetwork[]).flatMap((network) => {
    const url = config[SOCIAL_SETTINGS[network]];
    return url ? [{ network, url }] : [];
  });
}

/** Parses an SSRF allowlist (`URL_FETCH_ALLOWLIST`) into the guard's host:port keys; throws on a bad entry. */
export function urlFetchAllowlist(source: NodeJS.ProcessEnv): string[] {
  return ZEnv.shape.URL_FETCH_ALLOWLIST.parse(source.URL_FETCH_ALLOWLIST);
}

const ZProcessorConfig = ZEnv.pick({ HTML_LOAD_SECONDS: true, HTML_MAX_PAGES: true, URL_FETCH_ALLOWLIST: true, AI_BASE_URL: true, AI_API_KEY: true, AI_MODEL: true, SIGNATURE_TRUST_ROOTS: true, OCR_ENGINE: true });

/**
 * The settings tool processors read. The worker parses them with the rest at boot and sends them to
 * its task hosts with each job: only these, never the other secrets beside them. The AI provider's
 * key is among them because translate-pdf asks the model from its task host, block batch by batch.
 */
export type ProcessorConfig = z.output<typeof ZProcessorConfig>;

/** The OCR engines a worker can run pages on. */
export type OcrEngineKind = NonNullable<ProcessorConfig['OCR_ENGINE']>;

/** The processors' settings out of the validated environment. */
export function processorConfig(env: ProcessorConfig): ProcessorConfig {
  const { HTML_LOAD_SECONDS, HTML_MAX_PAGES, URL_FETCH_ALLOWLIST, AI_BASE_URL, AI_API_KEY, AI_MODEL, SIGNATURE_TRUST_ROOTS, OCR_ENGINE } = env;
  return { HTML_LOAD_SECONDS, HTML_MAX_PAGES, URL_FETCH_ALLOWLIST, AI_BASE_URL, AI_API_KEY, AI_MODEL, SIGNATURE_TRUST_ROOTS, OCR_ENGINE };
}

/** The processors' settings parsed from variables, for what runs processors without a worker (tests, benchmarks). */
export function parseProcessorConfig(source: NodeJS.ProcessEnv = process.env): ProcessorConfig {
  return ZProcessorConfig.parse(source);
}

export type DownloadPolicy = NonNullable<z.infer<typeof ZEnv>['DOWNLOAD_POLICY']>;
export type Env = Omit<z.infer<typeof ZEnv>, 'PUBLIC_URL' | 'DOWNLOAD_POLICY'> & {
  PUBLIC_URL: string;
  DOWNLOAD_POLICY: DownloadPolicy;
  /** True when STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET are both set. */
  billingConfigured: boolean;
  /** SIGN_CERT_P12 opened with SIGN_CERT_PASSWORD; null when sealing is not configured. */
  sealCertificate: SealCertificate | null;
  filesDir: string;
  tmpDir: string;
};

/** Settings that are valid one by one but not together. */
function conflicts(env: z.infer<typeof ZEnv>): string[] {
  const problems: string[] = [];
  if (!env.STRIPE_SECRET_KEY !== !env.STRIPE_WEBHOOK_SECRET) {
    problems.push(`  ${env.STRIPE_SECRET_KEY ? 'STRIPE_WEBHOOK_SECRET' : 'STRIPE_SECRET_KEY'}: billing needs both STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET, or neither`);
  }
  if (env.DOWNLOAD_POLICY === 'pro' && !(env.STRIPE_SECRET_KEY && env.STRIPE_WEBHOOK_SECRET)) {
    problems.push('  DOWNLOAD_POLICY: `pro` needs billing (STRIPE_SECRET_KEY and STRIPE_WEBHOOK_SECRET): nobody could become Pro');
  }
  const ai = [env.AI_BASE_URL, env.AI_API_KEY, env.AI_MODEL];
  if (ai.some(Boolean) && !ai.every(Boolean)) {
    const missing = (['AI_BASE_URL', 'AI_API_KEY', 'AI_MODEL'] as const).filter((name) => !env[name]);
    problems.push(`  ${missing.join(', ')}: generative mode needs AI_BASE_URL, AI_API_KEY and AI_MODEL, or none of them (document mode)`);
  }
  if ((env.AI_EMBEDDING_MODEL || env.AI_VISION_MODEL) && !env.AI_MODEL) {
    problems.push('  AI_EMBEDDING_MODEL, AI_VISION_MODEL: set without AI_BASE_URL, AI_API_KEY and AI_MODEL, the provider they belong to');
  }
  if (env.FILE_STORE === 's3' && !env.S3_BUCKET) problems.push('  S3_BUCKET: FILE_STORE=s3 needs the name of the bucket');
  if (env.SIGN_CERT_PASSWORD !== undefined && !env.SIGN_CERT_P12) problems.push('  SIGN_CERT_PASSWORD: set without SIGN_CERT_P12, the certificate it opens');
  return problems;
}

/** Opens the sealing certificate at boot, so a wrong path or password stops the process, not a user's task. */
function openSealCertificate(env: z.infer<typeof ZEnv>, problems: string[]): SealCertificate | null {
  if (!env.SIGN_CERT_P12) return null;
  try {
    return readSealCertificate(env.SIGN_CERT_P12, env.SIGN_CERT_PASSWORD ?? '');
  } catch (e) {
    problems.push(`  SIGN_CERT_P12: ${(e as Error).message}`);
    return null;
  }
}

/** Reads the trusted roots at boot: a wrong path, or one with no certificate, stops the process rather than failing each check. */
function checkTrustRoots(env: z.infer<typeof ZEnv>, problems: string[]): void {
  if (!env.SIGNATURE_TRUST_ROOTS) return;
  try {
    readTrustRoots(env.SIGNATURE_TRUST_ROOTS);
  } catch (e) {
    problems.push(`  SIGNATURE_TRUST_ROOTS: ${(e as Error).message}`);
  }
}

let cached: Env | undefined;

/** Validates the environment once; a bad value stops the process with a clear message. */
export function loadEnv(source: NodeJS.ProcessEnv = process.env): Env {
  if (cached && source === process.env) return cached;
  // A variable set to nothing is unset (compose passes `${X:-}` for one the operator left out).
  const parsed = ZEnv.safeParse(Object.fromEntries(Object.entries(source).filter(([, value]) => value !== '')));
  const problems = parsed.success ? conflicts(parsed.data) : parsed.error.issues.map((i) => `  ${i.path.join('.')}: ${i.message}`);
  const sealCertificate = parsed.success ? openSealCertificate(parsed.data, problems) : null;
  if (parsed.success) checkTrustRoots(parsed.data, problems);
  if (!parsed.success || problems.length > 0) {
    console.error(`Sheaf cannot start, the configuration is invalid:\n${problems.join('\n')}`);
    process.exit(1);
  }
  const billingConfigured = !!(parsed.data.STRIPE_SECRET_KEY && parsed.data.STRIPE_WEBHOOK_SECRET);
  const dataDir = path.resolve(parsed.data.DATA_DIR);
  const publicUrl = (parsed.data.PUBLIC_URL ?? `http://localhost:${parsed.data.PORT}`).replace(/\/+$/, '');
  const env = {
    ...parsed.data,
    PUBLIC_URL: publicUrl,
    DOWNLOAD_POLICY: parsed.data.DOWNLOAD_POLICY ?? (billingConfigured ? 'pro' : 'open'),
    billingConfigured,
    sealCertificate,
    DATA_DIR: dataDir,
    filesDir: path.join(dataDir, 'files'),
    tmpDir: path.join(dataDir, 'tmp'),
  };
  if (source === process.env) cached = env;
  return env;
}

import path from 'node:path';
import type { Env } from '../env';

/** What each download policy means, in the operator's words. */
const DOWNLOADS: Record<Env['DOWNLOAD_POLICY'], string> = {
  open: 'open: anyone may download their results, no account needed',
  login: 'login: downloading a result needs an account',
  pro: 'pro: downloading a result needs a Pro plan or its trial',
};

/** A URL's host (and port), never its user name or password; the text itself when it is no URL. */
function hostOf(url: string): string {
  try {
    return new URL(url).host || url;
  } catch {
    return 'an address that is not a URL';
  }
}

/**
 * What this server is doing, for the operator who started it (`npm start` prints it once the api
 * answers): where mail goes, billing, the AI mode, who may download, where files live. No secret
 * appears in it: hosts and names only.
 */
export function modeSummary(env: Env): string[] {
  const outbox = path.join(env.DATA_DIR, 'outbox');
  const mail = env.SMTP_URL
    ? `SMTP server ${hostOf(env.SMTP_URL)}`
    : `not sent (no SMTP_URL): written to ${outbox}; each login link is printed here as it is written`;
  const billing = env.billingConfigured
    ? `on: Stripe at ${hostOf(env.STRIPE_API_URL)}; plans on sale, Free users limited to ${env.FREE_DAILY_TASKS} tasks a day`
    : 'off (no STRIPE_SECRET_KEY / STRIPE_WEBHOOK_SECRET): nothing is sold, every tool is free';
  const ai = env.AI_MODEL
    ? `model ${env.AI_MODEL} at ${hostOf(env.AI_BASE_URL ?? '')}${env.AI_VISION_MODEL ? `, vision ${env.AI_VISION_MODEL}` : ''}${env.AI_EMBEDDING_MODEL ? `, embeddings ${env.AI_EMBEDDING_MODEL}` : ''}`
    : 'quote-only (no AI_BASE_URL / AI_API_KEY / AI_MODEL): answers quote the documents; translate and explain are off';
  const files = env.FILE_STORE === 's3' ? `S3 bucket ${env.S3_BUCKET}` : `local, ${env.filesDir}`;
  return [
    `Public URL: ${env.PUBLIC_URL}`,
    `Mail: ${mail}`,
    `Billing: ${billing}`,
    `AI: ${ai}`,
    `Downloads: ${DOWNLOADS[env.DOWNLOAD_POLICY]}`,
    `Files: ${files}, kept ${env.FILE_RETENTION_MINUTES} minutes`,
  ];
}

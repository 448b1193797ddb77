import http from 'node:http';
import https from 'node:https';
import type { LookupFunction } from 'node:net';
import { UnrecoverableError, type Job } from 'bullmq';
import { isAppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { webhookJobOptions, type WebhookJob } from '#shared/server/jobs';
import { log } from '#shared/server/logger';
import { checkUrl, isBlockedError, type ResolvedTarget } from '#shared/server/ssrf-guard';
import { signWebhook, WEBHOOK_ID_HEADER, WEBHOOK_SIGNATURE_HEADER } from '#shared/server/webhook-signature';
import { presentTask } from '#shared/task-answer';

/** A receiver that has not answered within this long is a failed attempt (retried). */
const DELIVERY_TIMEOUT_MS = 10_000;
/** Only the status matters; past this much of the answer's body the connection is dropped. */
const MAX_ANSWER_BYTES = 4096;

/**
 * Queues the webhook of a task that just ended, when it was started with one. Called after the task's
 * outcome is stored, and never throws: a webhook that cannot be queued is logged, the task stays as it ended.
 */
export async function enqueueWebhook(deps: Deps, task: { id: string; webhookUrl: string | null }): Promise<void> {
  if (!task.webhookUrl) return;
  try {
    // One delivery per task, whoever reports the end first (a failure can be reported twice).
    const delivery = await deps.db.webhookDelivery.upsert({
      where: { taskId: task.id },
      create: { taskId: task.id, url: task.webhookUrl, createdAt: deps.now() },
      update: {},
    });
    await deps.webhooks.add(
      'deliver',
      { deliveryId: delivery.id },
      { ...webhookJobOptions(deps.env.WEBHOOK_RETRY_BASE_MS), jobId: delivery.id },
    );
  } catch (e) {
    log.error('webhook not queued', { taskId: task.id, error: String(e) });
  }
}

/** What one attempt came to: the receiver's status, or why there was none. */
interface Attempt {
  status: number | null;
  error: string | null;
}

/**
 * One delivery attempt of a webhook job. The body is the task's transferProgress answer (download
 * URLs made absolute), signed with the secret of the key that started the task. A 2xx answer delivers
 * it; anything else throws, and BullMQ retries with backoff until the last attempt, which marks it
 * failed. A revoked key or a URL the guard now refuses ends it at once, with no request.
 */
export async function deliverWebhook(deps: Deps, job: Job<WebhookJob>): Promise<void> {
  const delivery = await deps.db.webhookDelivery.findUnique({
    where: { id: job.data.deliveryId },
    include: { task: { include: { apiKey: true, outputs: { orderBy: { createdAt: 'asc' } } } } },
  });
  if (!delivery || delivery.deliveredAt || delivery.failedAt) return;
  const { task } = delivery;
  const key = task.apiKey;
  if (!key || key.revokedAt) {
    await deps.db.webhookDelivery.update({ where: { id: delivery.id }, data: { error: 'the API key that started the task is revoked or gone', failedAt: deps.now() } });
    return;
  }

  const body = JSON.stringify(presentTask(task, deps.env.PUBLIC_URL));
  const headers = {
    'Content-Type': 'application/json',
    'User-Agent': 'Sheaf-Webhooks',
    [WEBHOOK_SIGNATURE_HEADER]: signWebhook(key.webhookSecret, body, Math.floor(deps.now().getTime() / 1000)),
    [WEBHOOK_ID_HEADER]: delivery.id,
  };
  let attempt: Attempt;
  let final = job.attemptsMade + 1 >= (job.opts.attempts ?? 1);
  try {
    const target = await checkUrl(delivery.url, { allowlist: deps.env.URL_FETCH_ALLOWLIST });
    attempt = { status: await post(new URL(delivery.url), target, headers, body), error: null };
    if (!isSuccess(attempt.status)) attempt.error = `answered ${attempt.status}`;
  } catch (e) {
    // The name now resolves to an internal address: no later attempt may reach it either.
    if (isBlockedError(e)) final = true;
    attempt = { status: null, error: (isAppError(e) ? (e.detail ?? e.message) : e instanceof Error ? e.message : String(e)).slice(0, 500) };
  }

  const delivered = isSuccess(attempt.status);
  await deps.db.webhookDelivery.update({
    where: { id: delivery.id },
    data: {
      attempts: { increment: 1 },
      responseStatus: attempt.status,
      error: attempt.error,
      deliveredAt: delivered ? deps.now() : null,
      failedAt: !delivered && final ? deps.now() : null,
    },
  });
  if (delivered) return;
  if (final) {
    log.warn('webhook not delivered', { deliveryId: delivery.id, taskId: task.id, error: attempt.error });
    throw new UnrecoverableError(attempt.error ?? 'not delivered');
  }
  throw new Error(attempt.error ?? 'not delivered');
}

const isSuccess = (status: number | null) => status !== null && status >= 200 && status < 300;

/**
 * POSTs to the address the guard approved: the connection goes there, not to a second DNS answer,
 * while the Host header, TLS's server name and its certificate check keep the URL's name. Redirects
 * are not followed (a 3xx is a failed attempt), and at most MAX_ANSWER_BYTES of the answer are read.
 */
function post(url: URL, target: ResolvedTarget, headers: Record<string, string>, body: string): Promise<number> {
  const lookup: LookupFunction = (_host, options, callback) => {
    if (options.all) callback(null, [{ address: target.address, family: target.family }]);
    else callback(null, target.address, target.family);
  };
  const send = url.protocol === 'https:' ? https.request : http.request;
  return new Promise((resolve, reject) => {
    const req = send(url, {
      method: 'POST',
      headers: { ...headers, 'Content-Length': Buffer.byteLength(body) },
      lookup,
      agent: false,
      signal: AbortSignal.timeout(DELIVERY_TIMEOUT_MS),
    });
    req.on('response', (res) => {
      let read = 0;
      res.on('data', (chunk: Buffer) => {
        read += chunk.length;
        if (read > MAX_ANSWER_BYTES) res.destroy();
      });
      res.on('error', () => undefined);
      res.on('close', () => resolve(res.statusCode ?? 0));
    });
    req.on('error', (e) => reject(e.name === 'AbortError' ? new Error(`no answer within ${DELIVERY_TIMEOUT_MS / 1000} s`) : e));
    req.end(body);
  });
}

import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { thumbKey } from '#shared/server/jobs';
import { callStripe } from './billing/stripe-calls';
import { normalizeEmail } from './email-login-service';

/** Subscriptions that would still charge the card: cancelled at Stripe before the account goes. */
const RENEWING = ['TRIALING', 'ACTIVE', 'PAST_DUE'] as const;

/**
 * Deletes an account and everything kept for it: its tasks and their files (inputs, outputs, page
 * thumbnails, from the file store as well as the database), its AI documents with their copies and
 * conversations, saved signatures, API keys, sessions, login links, contact messages, signing
 * records, plans and payments, and the Stripe subscriptions that would still renew.
 *
 * `confirmEmail` must be the account's address (the page has the person type it). Stored files go
 * first: a failure there leaves the account whole, and asking again finishes the job, whereas rows
 * deleted first would leave files nothing points to. A task a worker is running could write its
 * outputs after the sweep, so the deletion waits until none is (ACCOUNT_TASKS_RUNNING).
 */
export async function deleteAccount(deps: Deps, userId: string, confirmEmail: string): Promise<void> {
  const user = await deps.db.user.findUniqueOrThrow({ where: { id: userId }, select: { email: true } });
  if (normalizeEmail(confirmEmail) !== user.email) throw new AppError('ILLEGAL_INPUT', 'the typed address is not the account’s');

  await dropQueuedTasks(deps, userId);
  await cancelRenewingPlans(deps, userId);

  const tasks = await deps.db.task.findMany({ where: { userId }, select: { id: true } });
  const taskIds = tasks.map((t) => t.id);
  const files = await deps.db.file.findMany({
    where: { OR: [{ userId }, { taskId: { in: taskIds } }] },
    select: { id: true, storageKey: true, pages: true },
  });
  for (const f of files) {
    await deps.store.remove(f.storageKey);
    for (let p = 1; p <= (f.pages ?? 0); p++) await deps.store.remove(thumbKey(f.storageKey, p));
  }
  // A document's waiting job goes here; one being read stops within a second of its row going
  // below (the worker polls for it: worker/src/jobs/ai-index.ts), so no indexing runs on for a deleted account.
  const documents = await deps.db.aiDocument.findMany({ where: { userId }, select: { documentId: true, storageKey: true } });
  for (const doc of documents) {
    if (doc.storageKey) await deps.store.remove(doc.storageKey);
    await deps.aiIndex.remove(doc.documentId).catch(() => undefined);
  }

  // Sessions, API keys, signatures, usage counters, AI documents (with their passages and
  // messages), orders, plans and payments go with the user row (onDelete: Cascade).
  await deps.db.$transaction([
    deps.db.file.deleteMany({ where: { id: { in: files.map((f) => f.id) } } }),
    deps.db.task.deleteMany({ where: { id: { in: taskIds } } }),
    deps.db.signingAudit.deleteMany({ where: { OR: [{ userId }, { taskId: { in: taskIds } }] } }),
    deps.db.contactMessage.deleteMany({ where: { userId } }),
    deps.db.emailLoginToken.deleteMany({ where: { email: user.email } }),
    deps.db.user.delete({ where: { id: userId } }),
  ]);
}

/** Waiting jobs are taken off the queues; a job a worker holds makes the deletion wait. */
async function dropQueuedTasks(deps: Deps, userId: string): Promise<void> {
  const running = await deps.db.task.findMany({ where: { userId, status: 'DOING' }, select: { id: true } });
  const jobs = [];
  for (const { id } of running) {
    for (const queue of [deps.tasks, deps.quickTasks]) {
      const job = await queue.getJob(id);
      if (!job) continue;
      if (await job.isActive()) throw new AppError('ACCOUNT_TASKS_RUNNING', `task ${id} is running`);
      jobs.push(job);
    }
  }
  for (const job of jobs) await job.remove().catch(() => undefined);
}

async function cancelRenewingPlans(deps: Deps, userId: string): Promise<void> {
  const renewing = await deps.db.subscription.findMany({
    where: { userId, endedAt: null, status: { in: [...RENEWING] }, stripeSubscriptionId: { not: null } },
    select: { stripeSubscriptionId: true },
  });
  if (renewing.length === 0) return;
  // Rows with a Stripe id exist only where billing is (or was) configured.
  if (!deps.stripe) throw new AppError('PAYMENT_NOT_CONFIGURED', 'a renewing subscription but no Stripe key to cancel it');
  const stripe = deps.stripe;
  for (const { stripeSubscriptionId } of renewing) {
    await callStripe('cancel subscription', () => stripe.subscriptions.cancel(stripeSubscriptionId!));
  }
}

import { createHash } from 'node:crypto';
import type { Deps } from '#shared/server/deps';
import type { Requester } from '../middleware/requester';
import { invalidField } from '../presenters/error-presenter';

/**
 * Sealing needs the operator's certificate: without SIGN_CERT_P12, `seal` asks for something this
 * server does not offer (the page does not show the option), so it is bad input, not an outage.
 */
export function assertMaySeal(deps: Deps, options: Record<string, unknown>) {
  if (options.seal === true && !deps.env.sealCertificate) throw invalidField('seal', 'seal is not available: this server has no signing certificate');
}

/**
 * Opens a signing task's audit row before its job is queued (the worker completes it): who, from
 * which address, and the SHA-256 of the operations exactly as sent (the JSON text of a form post, or
 * the JSON of an object an API client sent), so a client can match it with what it sent.
 */
export async function openSigningAudit(deps: Deps, taskId: string, who: Requester, ip: string | undefined, body: unknown) {
  const operations = (body as { operations?: unknown }).operations;
  const text = typeof operations === 'string' ? operations : JSON.stringify(operations);
  await deps.db.signingAudit.create({
    data: {
      taskId,
      userId: who.userId,
      visitorId: who.visitorId,
      ip: ip ?? null,
      operationsSha256: createHash('sha256').update(text, 'utf8').digest('hex'),
      createdAt: deps.now(),
    },
  });
}

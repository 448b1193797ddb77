import { createHash } from 'node:crypto';
import { createReadStream } from 'node:fs';
import { readFile, writeFile } from 'node:fs/promises';
import { AppError } from '#shared/errors';
import type { Db } from '#shared/server/db';
import type { Deps } from '#shared/server/deps';
import type { InputFile, OutputFile } from '../contract/processor';

const sha256Of = (file: string) =>
  new Promise<string>((resolve, reject) => {
    const hash = createHash('sha256');
    createReadStream(file)
      .on('data', (chunk) => hash.update(chunk))
      .on('error', reject)
      .on('end', () => resolve(hash.digest('hex')));
  });

/**
 * The end of a signing task, in the worker: the seal filled in with the operator's key when the user
 * asked for one (the task host only left its place), then what the task's audit row records: the
 * SHA-256 of the PDF signed and of the file handed back.
 */
export async function finishSigning(deps: Deps, options: unknown, input: InputFile, output: OutputFile) {
  const sealed = (options as { seal?: boolean }).seal === true;
  if (sealed) {
    // The api refuses `seal` without a certificate; a worker configured apart from its api may still lack one.
    if (!deps.env.sealCertificate) throw new AppError('ILLEGAL_INPUT', 'seal asked, but this worker has no SIGN_CERT_P12');
    // pdf-lib and the signer load here, not at the worker's start: most workers never seal.
    const { fillSeal, sealSigner } = await import('../editor/seal');
    await writeFile(output.path, await fillSeal(await readFile(output.path), sealSigner(deps.env.sealCertificate), deps.now()));
  }
  return { inputSha256: await sha256Of(input.path), outputSha256: await sha256Of(output.path), sealed, completedAt: deps.now() };
}

/**
 * The audit row's completion, in the transaction that marks the task Done. A task accepted before the
 * api opened audit rows (queued across an upgrade) gets its row here, with the operations as stored.
 */
export function recordSigning(db: Pick<Db, 'signingAudit'>, task: { id: string; userId: string | null; visitorId: string | null; options: unknown }, signing: Awaited<ReturnType<typeof finishSigning>>) {
  const stored = JSON.stringify((task.options as { operations?: unknown }).operations ?? null);
  return db.signingAudit.upsert({
    where: { taskId: task.id },
    update: signing,
    create: { taskId: task.id, userId: task.userId, visitorId: task.visitorId, operationsSha256: createHash('sha256').update(stored).digest('hex'), ...signing },
  });
}

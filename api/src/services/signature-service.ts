import { SAVED_SIGNATURE_LIMITS, type TSavedSignatureData } from '#shared/signatures';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';

/** A user's saved signatures, newest first. */
export function listSignatures(deps: Deps, userId: string) {
  return deps.db.savedSignature.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], take: SAVED_SIGNATURE_LIMITS.perUser });
}

/** Saves a signature on the account; past the cap the oldest go, as in a list of recent ones. */
export async function saveSignature(deps: Deps, userId: string, signature: TSavedSignatureData) {
  return deps.db.$transaction(async (tx) => {
    const saved = await tx.savedSignature.create({ data: { userId, kind: signature.kind, data: signature, createdAt: deps.now() } });
    const kept = await tx.savedSignature.findMany({ where: { userId }, orderBy: [{ createdAt: 'desc' }, { id: 'desc' }], select: { id: true }, take: SAVED_SIGNATURE_LIMITS.perUser });
    await tx.savedSignature.deleteMany({ where: { userId, id: { notIn: kept.map((k) => k.id) } } });
    return saved;
  });
}

/** Deletes one of the user's signatures; another user's is answered like a missing one. */
export async function deleteSignature(deps: Deps, userId: string, id: string) {
  const { count } = await deps.db.savedSignature.deleteMany({ where: { id, userId } });
  if (count === 0) throw new AppError('NOT_FOUND', `signature ${id}`);
}

import type { AccountSignature, TSavedSignatureData } from '#shared/signatures';

/** A saved signature row as the API lists it. */
export function presentSignature(row: { id: string; createdAt: Date; data: unknown }): AccountSignature {
  // Stored only after ZSavedSignatureData passed, so the JSON is that shape.
  return { id: row.id, createdAt: row.createdAt.toISOString(), signature: row.data as TSavedSignatureData };
}

import { z } from 'zod';
import { ZColor, ZPoint } from './editor/operations';

/**
 * Signatures kept on a signed-in user's account for reuse in any browser: what the editor's
 * signature dialog saves and lists. Small enough to travel in the API's ordinary 64 KB JSON body.
 */
export const SAVED_SIGNATURE_LIMITS = {
  /** Signatures per account; saving one more drops the oldest. */
  perUser: 10,
  /** Points of a drawn signature, over all its strokes. */
  drawPoints: 3000,
  /** Characters of a picture's data URL (about 45 KB of PNG or JPEG). */
  imageChars: 60_000,
  text: 100,
} as const;

/** Width over height of the signature's box. */
const aspect = z.number().finite().min(0.05).max(50);

export const ZSavedSignatureData = z.discriminatedUnion('kind', [
  z
    .strictObject({ kind: z.literal('draw'), strokes: z.array(z.array(ZPoint).min(1)).min(1), aspect, color: ZColor })
    .refine((s) => s.strokes.reduce((n, stroke) => n + stroke.length, 0) <= SAVED_SIGNATURE_LIMITS.drawPoints, 'too many points'),
  z.strictObject({ kind: z.literal('type'), text: z.string().trim().min(1).max(SAVED_SIGNATURE_LIMITS.text), color: ZColor }),
  z.strictObject({
    kind: z.literal('image'),
    src: z.string().max(SAVED_SIGNATURE_LIMITS.imageChars).regex(/^data:image\/(png|jpeg);base64,[A-Za-z0-9+/]+=*$/),
    aspect,
  }),
]);
export type TSavedSignatureData = z.infer<typeof ZSavedSignatureData>;

/** A saved signature as the API lists it, newest first. */
export interface AccountSignature {
  id: string;
  createdAt: string;
  signature: TSavedSignatureData;
}

/** GET (list), POST `{ signature }` (save) and DELETE `/{id}`; answers are the user calls' `{ code: 0, data }`. */
export const SIGNATURES_PATH = '/api/user/signatures';

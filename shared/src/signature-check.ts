/**
 * What Check signatures (validate-signature) says of each signature of a PDF: the task's report,
 * shown on the result page and given to API clients as JSON. Apart from the tool's declaration so
 * that the result page reads it without zod.
 */

/** Whether the signed bytes still match the signature: `unknown` when the engine could not tell. */
export type SignatureValidity = 'valid' | 'invalid' | 'unknown';
/**
 * Whether the signer's certificate leads to one of the operator's trusted roots
 * (SIGNATURE_TRUST_ROOTS); `notChecked` when the operator configured none.
 */
export type SignatureTrust = 'trusted' | 'untrusted' | 'notChecked';

export type SignatureFinding = {
  /** The signature field's name. */
  field: string;
  /** The signer certificate's common name, and its whole distinguished name. */
  signer: string;
  subject: string;
  /** The signing time the signature states (ISO 8601, UTC), or null when it states none. */
  signedAt: string | null;
  /** False when the document was changed after this signature (a later revision was added). */
  coversWholeFile: boolean;
  validity: SignatureValidity;
  trust: SignatureTrust;
};

export type SignatureCheck = {
  tool: 'validate-signature';
  /** Every signature, in the order they were added. */
  signatures: SignatureFinding[];
};

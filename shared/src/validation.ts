/** The spec's form rules, shared by the login popup and the API. */
export const EMAIL_MAX = 320;
export const NAME_MIN = 2;
export const NAME_MAX = 20;

/**
 * At most 320 characters; the part before @ begins and ends with a letter or digit; an @ with a
 * dot somewhere after it (and something on each side of that dot).
 */
export function isValidEmail(email: string): boolean {
  if (email.length === 0 || email.length > EMAIL_MAX) return false;
  const at = email.lastIndexOf('@');
  if (at < 1) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (!/^[A-Za-z0-9]/.test(local) || !/[A-Za-z0-9]$/.test(local) || /\s/.test(email)) return false;
  const dot = domain.lastIndexOf('.');
  return dot > 0 && dot < domain.length - 1 && !domain.includes('@');
}

export function isValidName(name: string): boolean {
  const n = name.trim();
  return n.length >= NAME_MIN && n.length <= NAME_MAX;
}

/** A letter, mark or emoji outside ASCII: what a zero-width joiner or non-joiner may sit between to do its work. */
const JOINS = String.raw`(?![\0-\x7f])[\p{L}\p{M}\p{Sk}\p{Extended_Pictographic}]`;

/**
 * Control characters, and the invisible ones that reorder or hide text: bidirectional embeddings,
 * overrides, isolates and marks (`invoice\u202Efdp.exe` displays as `invoiceexe.pdf`), zero-width
 * spaces, soft hyphens, tags and every other format character. A zero-width (non-)joiner stays only
 * between two such letters, where Persian, Indic scripts and emoji sequences need it; beside ASCII
 * it changes nothing but the name's bytes (`pro\u200Dd` showing as `prod`).
 */
const INVISIBLE = new RegExp(String.raw`[\p{Cc}\u2028\u2029]|(?![\u200c\u200d])\p{Cf}|(?<!${JOINS})[\u200c\u200d]|[\u200c\u200d](?!${JOINS})`, 'gu');

/** A name as shown and saved (a file's, an API key's): none of the invisible characters above. */
export const stripInvisibleCharacters = (name: string) => name.replace(INVISIBLE, '');

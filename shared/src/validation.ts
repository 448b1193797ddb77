/** The spec's form rules, shared by the login popup and the API. */
export const EMAIL_MAX = 320;
export const NAME_MIN = 2;
export const NAME_MAX = 20;

/** RFC 5321's limits: a local part of 64 octets, a domain of 253 (labels of 63). */
const LOCAL_MAX = 64;
const DOMAIN_MAX = 253;
/** A dot-atom (RFC 5322 atext, ASCII only) that begins and ends with a letter or digit, as the spec asks. */
const LOCAL = /^[A-Za-z0-9](?:[A-Za-z0-9!#$%&'*+/=?^_`{|}~.-]*[A-Za-z0-9])?$/;
/** A host name label: letters, digits, inner hyphens (IDNs in their xn-- form). */
const LABEL = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,61}[A-Za-z0-9])?$/;

/**
 * One address, as a person types it and as it goes to the mailer: a single addr-spec, `local@domain`.
 * The local part is a dot-atom that begins and ends with a letter or digit (no quoted strings, no
 * comments, no `,;<>()[]:"\` or spaces, so nothing a mailer could read as a display name, a second
 * address or a group); the domain is host name labels with a dot between them (no IP literals, no
 * trailing dot). ASCII only: look-alike letters and full-width `＠` are refused rather than
 * turned into another domain. `localDomain` lets an operator's address do without the dot
 * (`support@localhost`).
 */
export function isValidEmail(email: string, { localDomain = false }: { localDomain?: boolean } = {}): boolean {
  if (email.length === 0 || email.length > EMAIL_MAX) return false;
  const at = email.indexOf('@');
  if (at < 1 || at !== email.lastIndexOf('@')) return false;
  const local = email.slice(0, at);
  const domain = email.slice(at + 1);
  if (local.length > LOCAL_MAX || !LOCAL.test(local) || local.includes('..')) return false;
  if (domain.length === 0 || domain.length > DOMAIN_MAX) return false;
  const labels = domain.split('.');
  if (!labels.every((label) => LABEL.test(label))) return false;
  // The last label of a public domain is never all digits (`a@1.2.3.4` is an IP address).
  return localDomain ? true : labels.length >= 2 && !/^\d+$/.test(labels[labels.length - 1]);
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

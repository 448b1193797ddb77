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

/**
 * Character error rate, the usual measure of OCR quality: the edit distance (insertions,
 * deletions, substitutions) from the recognised text to the reference, divided by the reference's
 * length. Both texts are compared after Unicode normalisation (NFC) with every run of whitespace
 * turned into one space, so line breaks and indentation do not count; reading order does.
 */

export function normaliseForCer(text: string): string {
  return text.normalize('NFC').replace(/\s+/g, ' ').trim();
}

/** Levenshtein distance between two strings, by code point, in O(min(a, b)) memory. */
export function editDistance(a: string, b: string): number {
  let s = Array.from(a);
  let t = Array.from(b);
  if (s.length < t.length) [s, t] = [t, s];
  let prev = new Uint32Array(t.length + 1);
  let cur = new Uint32Array(t.length + 1);
  for (let j = 0; j <= t.length; j++) prev[j] = j;
  for (let i = 1; i <= s.length; i++) {
    cur[0] = i;
    const c = s[i - 1];
    for (let j = 1; j <= t.length; j++) {
      const substitution = prev[j - 1] + (c === t[j - 1] ? 0 : 1);
      const deletion = prev[j] + 1;
      const insertion = cur[j - 1] + 1;
      cur[j] = Math.min(substitution, deletion, insertion);
    }
    [prev, cur] = [cur, prev];
  }
  return prev[t.length];
}

/** CER of `recognised` against `reference` (0 is perfect; it can exceed 1 when far too much was read). */
export function characterErrorRate(recognised: string, reference: string): number {
  const ref = normaliseForCer(reference);
  const hyp = normaliseForCer(recognised);
  if (ref.length === 0) return hyp.length === 0 ? 0 : 1;
  return editDistance(hyp, ref) / Array.from(ref).length;
}

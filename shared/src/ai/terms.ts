/**
 * Words as the document index sees them: accents folded, case folded, common words of English and
 * French dropped, plurals and a few endings trimmed, so "Batteries" in a question meets "battery" on
 * a page. Deliberately light: a wrong stem costs recall on one word, a heavy stemmer costs precision
 * on every word.
 */

const STOP_WORDS = new Set(
  (
    // English
    'a an and are as at be been being but by can could did do does for from had has have how i if in into is it its ' +
    'me my no not of on or our should so than that the their them then there these they this those to was we were what when ' +
    'where which who whom why will with would you your about after all also any before between both each more most other ' +
    'some such only own same very just over under again further once here up down out off during above below until while ' +
    'tell explain describe give list say said does doing please document pdf page pages many much ' +
    // French
    'au aux avec ce ces cet cette dans de des du elle elles en est et eux il ils je la le les leur leurs lui ma mais me mes ' +
    'moi mon ne nos notre nous on ou où par pas pour qu que qui quoi quel quelle quels quelles sa se ses son sont sur ta te tes ' +
    'toi ton tu un une vos votre vous y été être avoir fait faire comment pourquoi quand combien est-ce ' +
    'ai as avons avez ont eu avait avaient sera seront était étaient faut peut peuvent doit doivent'
  ).split(/\s+/),
);

/** Lower case, accents removed (é → e, œ → oe), so French questions typed without accents still match. */
export function foldText(text: string): string {
  return text
    .toLowerCase()
    .normalize('NFKD')
    .replace(/\p{M}+/gu, '')
    .replace(/œ/g, 'oe')
    .replace(/æ/g, 'ae')
    .replace(/ß/g, 'ss');
}

/**
 * Endings that make a noun or an adverb of a word, each trimmed when `keep` letters stay before it,
 * the first that applies: "safety" → "safe", "security" / "sécurité" → "secur", "management" →
 * "manag", "rapidement" → "rapid", "configuration" → "configur", "thickness" → "thick".
 */
const DERIVED: readonly (readonly [suffix: string, keep: number, put: string])[] = [
  ['ety', 3, 'e'],
  ['ity', 4, ''],
  ['ite', 4, ''],
  ['ement', 4, ''],
  ['ment', 4, ''],
  ['ation', 4, ''],
  ['ness', 4, ''],
];

/**
 * A light suffix trim for English and French: plurals, verb endings, and the endings that make a
 * noun or an adverb of a word ("safety", "sécurité", "management", "rapidement", "configuration"),
 * so that a question's word meets its other forms on a page. Words of three letters or fewer and
 * words with digits are kept whole.
 */
export function stem(word: string): string {
  if (word.length <= 3 || /\d/.test(word)) return word;
  let w = word;
  if (w.endsWith('ies') && w.length > 4) w = `${w.slice(0, -3)}y`;
  else if (w.endsWith('sses')) w = w.slice(0, -2);
  else if (w.endsWith('aux') && w.length > 4) w = `${w.slice(0, -3)}al`;
  else if ((w.endsWith('s') || w.endsWith('x')) && !/(ss|us|is)$/.test(w)) w = w.slice(0, -1);
  // French verbs: "travaillent" and "travaillaient" meet at "travaill".
  if (w.endsWith('aient') && w.length > 7) w = w.slice(0, -5);
  else if (w.endsWith('ent') && !w.endsWith('ment') && w.length > 6) w = w.slice(0, -3);
  if (w.endsWith('ing') && w.length > 5) w = w.slice(0, -3);
  else if (w.endsWith('ed') && !w.endsWith('eed') && w.length > 4) w = w.slice(0, -2);
  // French participles, accents folded: "configurée" and "configuré" meet "configure".
  else if (w.endsWith('ee') && w.length > 5) w = w.slice(0, -1);
  const derived = DERIVED.find(([suffix, keep]) => w.endsWith(suffix) && w.length - suffix.length >= keep);
  if (derived) w = w.slice(0, -derived[0].length) + derived[2];
  // "change", "changed", "changes" and "changing" meet at "chang".
  if (w.endsWith('e') && w.length > 4) w = w.slice(0, -1);
  return w;
}

/**
 * The index terms of a text, in order (a term may repeat). A hyphenated compound gives its parts
 * and its parts joined ("thread-safe": "thread", "safe", "threadsafe"), so it meets the same words
 * written apart, hyphenated or closed up.
 */
export function terms(text: string): string[] {
  const out: string[] = [];
  for (const raw of foldText(text).match(/[\p{L}\p{N}]+(?:[-'’][\p{L}\p{N}]+)*/gu) ?? []) {
    // "l'appareil", "d’alimentation": the article goes, the word stays.
    const word = raw.replace(/^[a-z][’']/, '');
    const parts = word.split(/[-'’]/);
    for (const part of parts) {
      if (part.length < 2 && !/\d/.test(part)) continue;
      if (STOP_WORDS.has(part)) continue;
      out.push(stem(part));
    }
    if (parts.length > 1 && word.includes('-')) out.push(stem(parts.join('')));
  }
  return out;
}

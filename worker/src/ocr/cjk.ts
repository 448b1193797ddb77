/**
 * Tesseract puts a space between every two Chinese characters it reads; Chinese and Japanese are
 * written without spaces, so they are dropped between such characters (and their punctuation).
 */
const CJK = '\\p{Script=Han}\\p{Script=Hiragana}\\p{Script=Katakana}\\u3000-\\u303f\\uff00-\\uffef';
const CJK_CHAR = new RegExp(`[${CJK}]`, 'u');
const SPACES_BETWEEN_CJK = new RegExp(`(?<=[${CJK}])[ \\t]+(?=[${CJK}])`, 'gu');

export const dropCjkSpaces = (text: string) => text.replace(SPACES_BETWEEN_CJK, '');

/** Whether two words read one after the other are separated by a space. */
export const spaceBetween = (before: string, after: string) => !(CJK_CHAR.test(before.at(-1) ?? '') && CJK_CHAR.test(after[0] ?? ''));

/** The words of a line as text: spaces between them, except between Chinese or Japanese characters. */
export const joinWords = (words: readonly string[]) =>
  words.reduce((line, word, i) => (i === 0 ? word : line + (spaceBetween(words[i - 1], word) ? ' ' : '') + word), '');

/** The longest title kept, in characters: a name read at a glance, well inside file systems' 255 bytes. */
const MAX_TITLE_CHARS = 100;
/** Characters file systems refuse in a name (Windows' reserved ones, controls), and runs of white space. */
const REFUSED = /[\u0000-\u001f\u007f-\u009f/\\:*?"<>|]+/g;
/** What may not end a name: dots and spaces (Windows drops them), dashes and separators left by a cut. */
const LOOSE_ENDS = /^[\s.\-–—|·,;]+|[\s.\-–—|·,;]+$/g;

function shorten(name: string): string {
  const chars = Array.from(name);
  if (chars.length <= MAX_TITLE_CHARS) return name;
  const cut = chars.slice(0, MAX_TITLE_CHARS).join('');
  // At a word, unless that loses most of the name.
  const space = cut.lastIndexOf(' ');
  return space > cut.length * 0.6 ? cut.slice(0, space) : cut;
}

/**
 * The download's name, from the page's <title> ("My Article – Site.pdf"), else from its host
 * ("example.com.pdf"): characters a file system refuses become spaces, white space is one space,
 * a long title is cut at a word.
 */
export function pageFileName(title: string, url: URL): string {
  const fromTitle = shorten(title.normalize('NFC').replace(REFUSED, ' ').replace(/\s+/g, ' ').replace(LOOSE_ENDS, '')).replace(LOOSE_ENDS, '');
  const fromHost = url.hostname.replace(/[^a-z0-9.-]+/gi, '-').replace(/^[-.]+|[-.]+$/g, '');
  return `${fromTitle || fromHost || 'page'}.pdf`;
}

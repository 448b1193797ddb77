/** Text of CAD entities: control codes, MTEXT formatting, and what a standard PDF font can show. */

/** TEXT and ATTRIB control codes: %%d degree, %%p plus-minus, %%c diameter, %%nnn a character. */
export function decodeTextCodes(s: string): string {
  return s
    .replace(/%%(\d{3})/g, (_, n: string) => String.fromCharCode(Number(n)))
    .replace(/%%[dD]/g, '°')
    .replace(/%%[pP]/g, '±')
    .replace(/%%[cC]/g, 'Ø')
    .replace(/%%[uUoOkK]/g, '')
    .replace(/%%%/g, '%')
    .replace(/\\U\+([0-9A-Fa-f]{4})/g, (_, hex: string) => String.fromCharCode(Number.parseInt(hex, 16)));
}

/**
 * The paragraphs of an MTEXT string with its inline formatting removed: \P paragraph breaks,
 * {} groups, \f font / \H height / \C colour / \A alignment switches, \S stacked fractions
 * (shown as a/b), \~ non-breaking space, \U+XXXX characters, escaped \\ \{ \}.
 */
export function mtextParagraphs(s: string): string[] {
  let out = '';
  for (let i = 0; i < s.length; i++) {
    const ch = s[i];
    if (ch === '{' || ch === '}') continue;
    if (ch !== '\\') {
      out += ch;
      continue;
    }
    const code = s[i + 1];
    if (code === undefined) break;
    i++;
    switch (code) {
      case 'P':
        out += '\n';
        break;
      case 'N':
        out += '\n';
        break;
      case '~':
        out += '\u00a0';
        break;
      case '\\':
      case '{':
      case '}':
        out += code;
        break;
      case 'U':
        if (s[i + 1] === '+' && /^[0-9A-Fa-f]{4}$/.test(s.slice(i + 2, i + 6))) {
          out += String.fromCharCode(Number.parseInt(s.slice(i + 2, i + 6), 16));
          i += 5;
        }
        break;
      case 'S': {
        const end = s.indexOf(';', i);
        if (end < 0) break;
        const [top, bottom] = s.slice(i + 1, end).split(/[\^/#]/);
        out += bottom !== undefined && bottom !== '' ? `${top.trim()}/${bottom.trim()}` : top;
        i = end;
        break;
      }
      case 'L':
      case 'l':
      case 'O':
      case 'o':
      case 'K':
      case 'k':
        break;
      default: {
        // Switches with an argument up to ';' (\f, \F, \H, \W, \Q, \T, \A, \C, \c, \p).
        const end = s.indexOf(';', i);
        if (/[fFHWQTACcp]/.test(code) && end >= 0) i = end;
        break;
      }
    }
  }
  return decodeTextCodes(out).split('\n');
}

/** The characters Windows-1252 (a standard PDF font's encoding) can show. */
const WIN_ANSI = new Set(
  [...new TextDecoder('windows-1252').decode(Uint8Array.from({ length: 224 }, (_, i) => i + 32))].filter((c) => c < '\x7f' || c >= '\xa0'),
);
const SUBSTITUTES: Record<string, string> = { '⌀': 'Ø', '∅': 'Ø', '′': "'", '″': '"', '−': '-', '\u00a0': ' ', '\t': ' ' };

/**
 * Text a standard PDF font can encode: accented letters outside Windows-1252 lose their accent
 * (ĉ → c), a few symbols get a look-alike, and anything else becomes '?'.
 */
export function toWinAnsi(s: string): string {
  let out = '';
  for (const ch of s) {
    if (WIN_ANSI.has(ch)) out += ch;
    else if (SUBSTITUTES[ch]) out += SUBSTITUTES[ch];
    else {
      const base = ch.normalize('NFD').replace(/\p{M}/gu, '');
      out += base && [...base].every((c) => WIN_ANSI.has(c)) ? base : ch < ' ' ? '' : '?';
    }
  }
  return out;
}

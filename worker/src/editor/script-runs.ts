import type { PDFFont } from '@cantoo/pdf-lib';

/** Scripts the Latin/Greek/Cyrillic faces do not cover; each is set in a face of its own. */
export type Script = 'arabic' | 'hebrew' | 'cjk';

const RTL: ReadonlySet<Script> = new Set(['arabic', 'hebrew']);

export function scriptOf(cp: number): Script | undefined {
  if ((cp >= 0x0600 && cp <= 0x06ff) || (cp >= 0x0750 && cp <= 0x077f) || (cp >= 0x08a0 && cp <= 0x08ff) || (cp >= 0xfb50 && cp <= 0xfdff) || (cp >= 0xfe70 && cp <= 0xfeff)) return 'arabic';
  if ((cp >= 0x0590 && cp <= 0x05ff) || (cp >= 0xfb1d && cp <= 0xfb4f)) return 'hebrew';
  if (
    (cp >= 0x1100 && cp <= 0x11ff) ||
    (cp >= 0x2e80 && cp <= 0x9fff) ||
    (cp >= 0xa960 && cp <= 0xa97f) ||
    (cp >= 0xac00 && cp <= 0xd7ff) ||
    (cp >= 0xf900 && cp <= 0xfaff) ||
    (cp >= 0xff00 && cp <= 0xffef) ||
    (cp >= 0x20000 && cp <= 0x3ffff)
  )
    return 'cjk';
  return undefined;
}

/** Which face of the CJK collection suits the text: Korean with Hangul, Japanese with kana, else Simplified Chinese. */
export function cjkRegion(text: string): 'kr' | 'jp' | 'sc' {
  if (/[\u1100-\u11ff\u3130-\u318f\uac00-\ud7af]/u.test(text)) return 'kr';
  if (/[\u3040-\u30ff\u31f0-\u31ff]/u.test(text)) return 'jp';
  return 'sc';
}

/** Characters that take the direction and face of the text around them. */
const isNeutral = (char: string) => /[\s\p{P}\p{S}\p{N}]/u.test(char) && scriptOf(char.codePointAt(0)!) === undefined;

/** A stretch of one line set in one face, in the order it is drawn (left to right). */
export interface Run {
  text: string;
  font: PDFFont;
}

/**
 * Sets mixed-script text: each stretch of a script in the face that has it, right-to-left stretches
 * in their visual place (a light bidi: the paragraph direction is its first strong character's;
 * digits and punctuation follow their neighbours). fontkit shapes each stretch (Arabic joining)
 * and lays a right-to-left one out from the right.
 */
export class ScriptSetter {
  constructor(
    /** The face for Latin, Greek, Cyrillic and anything else. */
    readonly base: PDFFont,
    private readonly faces: ReadonlyMap<Script, PDFFont>,
  ) {}

  /** One line's runs, left to right. */
  runs(line: string): Run[] {
    type Logical = { text: string; script: Script | undefined; neutral: boolean };
    const logical: Logical[] = [];
    for (const char of line) {
      const script = scriptOf(char.codePointAt(0)!);
      const neutral = isNeutral(char);
      const last = logical.at(-1);
      if (last && last.neutral === neutral && (neutral || last.script === script)) last.text += char;
      else logical.push({ text: char, script, neutral });
    }
    // Neutrals between two stretches of one script belong to it (the spaces between Arabic words).
    for (let i = 1; i < logical.length - 1; i++) {
      const [before, run, after] = [logical[i - 1], logical[i], logical[i + 1]];
      if (run.neutral && !before.neutral && !after.neutral && before.script === after.script && /^\s*$/.test(run.text)) {
        before.text += run.text + after.text;
        logical.splice(i, 2);
        i--;
      }
    }
    const rtl = (r: Logical) => r.script !== undefined && RTL.has(r.script);
    const firstStrong = logical.find((r) => !r.neutral);
    const visual = firstStrong && rtl(firstStrong) ? logical.reverse() : logical;
    return visual.map((r) => ({ text: r.text, font: (r.script && this.faces.get(r.script)) || this.base }));
  }

  width(line: string, size: number): number {
    return this.runs(line).reduce((sum, r) => sum + r.font.widthOfTextAtSize(r.text, size), 0);
  }
}

import { Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DrawnGlyph } from './pdf-operators';
import type { TextRun } from './types';

/** What the converters read of a pdf.js text item. */
export interface PdfjsTextItem {
  str: string;
  dir: string;
  transform: number[];
  width: number;
  height: number;
  fontName: string;
}

export interface FontFacts {
  /** The font's PostScript name, subset prefix removed ("NimbusRomNo9L-Medi"). */
  name?: string;
  bold: boolean;
  italic: boolean;
  ascent: number;
  descent: number;
}

/** Bold and italic as font names spell them (pdf.js only sometimes knows from the font flags). */
const BOLD_NAME = /bold|black|heavy|semibold|demi|[-,]?medi(?!um)|[-,]bd\b|cmbx|cmb\d|extrab|ultrab|[-,]sb\b|W[6-9]\b/i;
const ITALIC_NAME = /italic|oblique|ital\b|[-,]it\b|[-,]ital|slant|cmti|cmsl|cmmi|[-,]bi\b|[-,]i\b/i;

export function fontFacts(pdfjsFont: { name?: string; bold?: boolean; italic?: boolean; black?: boolean } | undefined, style?: { ascent?: number; descent?: number }): FontFacts {
  const name = pdfjsFont?.name?.replace(/^[A-Z]{6}\+/, '');
  return {
    name,
    bold: Boolean(pdfjsFont?.bold || pdfjsFont?.black || (name && BOLD_NAME.test(name))),
    italic: Boolean(pdfjsFont?.italic || (name && ITALIC_NAME.test(name))),
    // pdf.js guesses these for fonts without metrics; keep them within what real fonts have.
    ascent: clamp(style?.ascent ?? 0.8, 0.6, 1.05),
    descent: clamp(style?.descent ?? -0.2, -0.35, -0.05),
  };
}

const clamp = (v: number, lo: number, hi: number) => Math.min(hi, Math.max(lo, v));

/**
 * Follows the text items through the glyphs the operator list drew, in the same content-stream
 * order, to learn each character's colour: pdf.js's text content has positions but no colours.
 */
export class GlyphColours {
  private chars: string[] = [];
  private colours: Array<string | undefined> = [];
  private widths: number[] = [];
  private cursor = 0;

  constructor(glyphs: readonly DrawnGlyph[]) {
    for (const g of glyphs) {
      const text = comparable(g.text);
      for (const ch of text) {
        this.chars.push(ch);
        this.colours.push(g.color);
        this.widths.push(g.width / Math.max(1, text.length));
      }
    }
  }

  /** Colour and advance width of each non-space character of `str` (in visual order), or undefined when they cannot be matched. */
  follow(visual: string): Array<{ color?: string; width: number }> | undefined {
    const wanted = [...comparable(visual)];
    const out: Array<{ color?: string; width: number }> = [];
    let missed = 0;
    for (const ch of wanted) {
      let found = -1;
      for (let k = this.cursor, end = Math.min(this.chars.length, this.cursor + 64); k < end; k++) {
        if (this.chars[k] === ch) {
          found = k;
          break;
        }
      }
      if (found < 0) {
        missed++;
        out.push({ width: 0 });
        continue;
      }
      out.push({ color: this.colours[found], width: this.widths[found] });
      this.cursor = found + 1;
    }
    return missed * 2 > wanted.length ? undefined : out;
  }
}

/** Characters as both sides can compare them: compatibility forms folded, spaces dropped. */
function comparable(s: string): string {
  return s.normalize('NFKC').replace(/\s+/g, '');
}

/**
 * One pdf.js text item as page runs (top-left points): split where its colour changes, its box
 * from the font's ascent and descent. Items that are only spaces give nothing: the layout code
 * puts spaces back from the gaps.
 */
export function itemRuns(item: PdfjsTextItem, viewport: number[], font: FontFacts, colours: GlyphColours): TextRun[] {
  const str = item.str.replace(/\s+/g, ' ');
  const text = str.trim();
  if (!text) return [];
  const m = Util.transform(viewport, item.transform);
  const fontSize = Math.hypot(m[2], m[3]);
  if (!(fontSize > 0.5)) return [];
  const rtl = item.dir === 'rtl';
  const visual = rtl ? [...text].reverse().join('') : text;
  const followed = colours.follow(visual);
  const base: Omit<TextRun, 'text' | 'x' | 'y' | 'width' | 'height'> = {
    fontSize: round(fontSize),
    ...(font.name ? { fontName: font.name } : {}),
    ...(font.bold ? { bold: true } : {}),
    ...(font.italic ? { italic: true } : {}),
    ...(rtl ? { dir: 'rtl' as const } : {}),
  };

  // Leading and trailing spaces are part of the item's width: take their share off.
  const lead = str.length - str.trimStart().length;
  const trail = str.length - str.trimEnd().length;
  const perChar = item.width / Math.max(1, str.length);
  const x0 = lead * perChar * 0.6;
  const width = Math.max(0, item.width - (lead + trail) * perChar * 0.6);

  const horizontal = Math.abs(m[1]) < 0.05 * Math.abs(m[0]) && m[0] > 0;
  if (!horizontal) {
    // Rotated text: its bounding box on the page, one run.
    const corners = [
      [0, -font.descent * fontSize],
      [width, -font.descent * fontSize],
      [0, -font.ascent * fontSize],
      [width, -font.ascent * fontSize],
    ].map(([dx, dy]) => {
      const ux = m[0] / fontSize;
      const uy = m[1] / fontSize;
      return [m[4] + dx * ux - dy * uy, m[5] + dx * uy + dy * ux];
    });
    const xs = corners.map((c) => c[0]);
    const ys = corners.map((c) => c[1]);
    const x = Math.min(...xs);
    const y = Math.min(...ys);
    return [{ ...base, text, x: round(x), y: round(y), width: round(Math.max(...xs) - x), height: round(Math.max(...ys) - y), ...colourOf(followed) }];
  }

  const top = m[5] - font.ascent * fontSize;
  const height = (font.ascent - font.descent) * fontSize;
  const left = m[4] + x0;
  if (!followed || rtl) return [{ ...base, text, x: round(left), y: round(top), width: round(width), height: round(height), ...colourOf(followed) }];

  // Split where the colour changes, measuring each piece with the glyph advances.
  const chars = [...text];
  const total = followed.reduce((s, c) => s + c.width, 0) || 1;
  const runs: TextRun[] = [];
  let start = 0;
  let nonSpace = 0;
  let acc = 0;
  let pieceStartAcc = 0;
  const flush = (endChar: number, color: string | undefined) => {
    const piece = chars.slice(start, endChar).join('').trim();
    if (piece) {
      const px = left + (pieceStartAcc / total) * width;
      const pw = ((acc - pieceStartAcc) / total) * width;
      runs.push({ ...base, text: piece, x: round(px), y: round(top), width: round(pw), height: round(height), ...(color && color !== '000000' ? { color } : {}) });
    }
  };
  let currentColor = followed[0]?.color;
  for (let i = 0; i < chars.length; i++) {
    if (/\s/.test(chars[i])) continue;
    const info = followed[nonSpace++] ?? { width: 0 };
    if (info.color !== currentColor && info.color !== undefined && nonSpace > 1) {
      flush(i, currentColor);
      start = i;
      pieceStartAcc = acc;
      currentColor = info.color;
    }
    acc += info.width;
  }
  flush(chars.length, currentColor);
  return runs;
}

function colourOf(followed: Array<{ color?: string }> | undefined): { color?: string } {
  if (!followed) return {};
  const counts = new Map<string, number>();
  for (const f of followed) if (f.color) counts.set(f.color, (counts.get(f.color) ?? 0) + 1);
  const best = [...counts.entries()].sort((a, b) => b[1] - a[1])[0]?.[0];
  return best && best !== '000000' ? { color: best } : {};
}

const round = (v: number) => Math.round(v * 100) / 100;

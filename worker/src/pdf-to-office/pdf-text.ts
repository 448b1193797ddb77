import { Util } from 'pdfjs-dist/legacy/build/pdf.mjs';
import type { DrawnGlyph } from './pdf-operators';
import type { RunPiece, TextRun } from './types';

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
  private places: Array<GlyphPlace | undefined> = [];
  private cursor = 0;

  constructor(glyphs: readonly DrawnGlyph[]) {
    for (const g of glyphs) {
      const text = comparable(g.text);
      // A space drawn as a glyph joins the character before it to the next: no jump there.
      if (!text && g.x1 !== undefined) {
        const last = this.places.at(-1);
        if (last) last.reach = Math.max(last.reach, g.x1);
      }
      for (let k = 0; k < text.length; k++) {
        this.chars.push(text[k]);
        this.colours.push(g.color);
        this.widths.push(g.width / Math.max(1, text.length));
        if (g.x0 === undefined || g.x1 === undefined) this.places.push(undefined);
        else {
          const step = (g.x1 - g.x0) / text.length;
          const x1 = g.x0 + step * (k + 1);
          this.places.push({ x0: g.x0 + step * k, x1, reach: x1 });
        }
      }
    }
  }

  /** Colour, advance width and place of each non-space character of `str` (in visual order), or undefined when they cannot be matched. */
  follow(visual: string): FollowedChar[] | undefined {
    const wanted = [...comparable(visual)];
    const out: FollowedChar[] = [];
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
      const place = this.places[found];
      out.push({ color: this.colours[found], width: this.widths[found], ...(place ? { place } : {}) });
      this.cursor = found + 1;
    }
    return missed * 2 > wanted.length ? undefined : out;
  }
}

/** Where a character was drawn on the page: its glyph's ends, and how far the spaces drawn after it reach. */
interface GlyphPlace {
  x0: number;
  x1: number;
  reach: number;
}

interface FollowedChar {
  color?: string;
  width: number;
  place?: GlyphPlace;
}

/** A gap wider than this many font sizes between glyphs, with no space drawn in it, is a jump of the pen. */
const JUMP_EM = 0.1;

/**
 * The parts of chars[from, to) that were drawn apart: split where the pen jumped forward past
 * a gap no space glyph fills. Undefined when the run was drawn in one piece, or when the glyphs'
 * places do not agree with the run's ends (a font whose matrix the walk does not know).
 */
function piecesOf(
  chars: readonly string[],
  followed: ReadonlyArray<FollowedChar | undefined>,
  from: number,
  to: number,
  box: { x: number; width: number; size: number },
): RunPiece[] | undefined {
  const pieces: Array<{ start: number; end: number; x0: number; x1: number }> = [];
  let prev: GlyphPlace | undefined;
  for (let i = from; i < to; i++) {
    if (/\s/.test(chars[i])) continue;
    const place = followed[i]?.place;
    if (!place) return undefined;
    if (prev && place.x0 < prev.x0) return undefined;
    const last = pieces.at(-1);
    if (last && prev && place.x0 - prev.reach <= JUMP_EM * box.size) {
      last.end = i + 1;
      last.x1 = place.x1;
    } else pieces.push({ start: i, end: i + 1, x0: place.x0, x1: place.x1 });
    prev = place;
  }
  if (pieces.length < 2) return undefined;
  const slack = 0.5 * box.size;
  if (Math.abs(pieces[0].x0 - box.x) > slack || Math.abs(pieces.at(-1)!.x1 - (box.x + box.width)) > slack) return undefined;
  return pieces.map((p) => ({ text: chars.slice(p.start, p.end).join('').trim(), x: round(p.x0), width: round(p.x1 - p.x0) }));
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
  // The followed character of each of chars (spaces have none).
  const byChar: Array<FollowedChar | undefined> = [];
  const flush = (endChar: number, color: string | undefined) => {
    const piece = chars.slice(start, endChar).join('').trim();
    if (piece) {
      const px = left + (pieceStartAcc / total) * width;
      const pw = ((acc - pieceStartAcc) / total) * width;
      const pieces = piecesOf(chars, byChar, start, endChar, { x: px, width: pw, size: fontSize });
      runs.push({
        ...base,
        text: piece,
        x: round(px),
        y: round(top),
        width: round(pw),
        height: round(height),
        ...(color && color !== '000000' ? { color } : {}),
        ...(pieces ? { pieces } : {}),
      });
    }
  };
  let currentColor = followed[0]?.color;
  for (let i = 0; i < chars.length; i++) {
    if (/\s/.test(chars[i])) continue;
    const info = followed[nonSpace++] ?? { width: 0 };
    byChar[i] = info;
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

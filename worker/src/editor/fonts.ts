import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@cantoo/fontkit';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import type { FONT_FAMILIES } from '#shared/editor/operations';

export type FontFamily = (typeof FONT_FAMILIES)[number];

const DIR = path.join(import.meta.dirname, '../../assets/fonts');

const FILES: Record<FontFamily, [regular: string, bold: string, italic: string, boldItalic: string]> = {
  sans: ['NotoSans-Regular', 'NotoSans-Bold', 'NotoSans-Italic', 'NotoSans-BoldItalic'],
  serif: ['NotoSerif-Regular', 'NotoSerif-Bold', 'NotoSerif-Italic', 'NotoSerif-BoldItalic'],
  mono: ['LiberationMono-Regular', 'LiberationMono-Bold', 'LiberationMono-Italic', 'LiberationMono-BoldItalic'],
};

export interface FontStyle {
  family: FontFamily;
  bold: boolean;
  italic: boolean;
}

/** The shipped family closest to a PDF font's name (a replaced line keeps its look as far as we can). */
export function closestFamily(fontName: string): FontFamily {
  if (/mono|courier|consol|menlo|typewriter|code/i.test(fontName)) return 'mono';
  if (/serif|times|roman|georgia|garamond|book|minion|cambria|palatino|caslon/i.test(fontName) && !/sans/i.test(fontName)) return 'serif';
  return 'sans';
}

/**
 * Embeds the shipped fonts a document asks for, once each, as subsets: only the glyphs the edit
 * uses end up in the file, whatever the script.
 */
export class FontBook {
  private readonly fonts = new Map<string, Promise<PDFFont>>();

  constructor(private readonly doc: PDFDocument) {
    doc.registerFontkit(fontkit);
  }

  get(style: FontStyle): Promise<PDFFont> {
    const file = FILES[style.family][(style.bold ? 1 : 0) + (style.italic ? 2 : 0)];
    let font = this.fonts.get(file);
    if (!font) {
      font = readFile(path.join(DIR, `${file}.ttf`)).then((bytes) => this.doc.embedFont(bytes, { subset: true }));
      this.fonts.set(file, font);
    }
    return font;
  }
}

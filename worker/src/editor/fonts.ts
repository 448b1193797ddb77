import { readFile } from 'node:fs/promises';
import path from 'node:path';
import fontkit from '@cantoo/fontkit';
import type { PDFDocument, PDFFont } from '@cantoo/pdf-lib';
import type { FONT_FAMILIES } from '#shared/editor/operations';
import { projectPath } from '#shared/server/project-paths';
import { cjkRegion, type Script, ScriptSetter, scriptOf } from './script-runs';

export type FontFamily = (typeof FONT_FAMILIES)[number];

const DIR = projectPath('worker/assets/fonts');
/** Where Debian's fonts-noto-cjk puts its collections (scripts/system-packages.txt installs it). */
const CJK_DIR = '/usr/share/fonts/opentype/noto';

const FILES: Record<FontFamily, [regular: string, bold: string, italic: string, boldItalic: string]> = {
  sans: ['NotoSans-Regular', 'NotoSans-Bold', 'NotoSans-Italic', 'NotoSans-BoldItalic'],
  serif: ['NotoSerif-Regular', 'NotoSerif-Bold', 'NotoSerif-Italic', 'NotoSerif-BoldItalic'],
  mono: ['LiberationMono-Regular', 'LiberationMono-Bold', 'LiberationMono-Italic', 'LiberationMono-BoldItalic'],
};

const SCRIPT_FILES: Record<Exclude<Script, 'cjk'>, [regular: string, bold: string]> = {
  arabic: ['NotoSansArabic-Regular', 'NotoSansArabic-Bold'],
  hebrew: ['NotoSansHebrew-Regular', 'NotoSansHebrew-Bold'],
};

export interface FontStyle {
  family: FontFamily;
  bold: boolean;
  italic: boolean;
}

/** Font descriptor /Flags bits (PDF 32000-1, 9.8.2): FixedPitch and Serif. */
const FIXED_PITCH = 1 << 0;
const SERIF = 1 << 1;

/**
 * The shipped family closest to a PDF font, so a replaced line keeps its look as far as we can: by
 * its name where the name says (a subset's ABCDEF+ tag aside), else by its descriptor's flags.
 */
export function closestFamily(fontName: string, flags = 0): FontFamily {
  const name = fontName.replace(/^[A-Z]{6}\+/, '');
  // TeX's and URW's names too (CMTT, NimbusMonPS, CMR, NimbusRomNo9L), common in papers.
  if (/mono|courier|consol|menlo|typewriter|code|cmtt|nimbusmon/i.test(name)) return 'mono';
  if (/sans|arial|helvetica|verdana|calibri|carlito|tahoma|segoe|frutiger|futura|gill|roboto|inter\b|lato|open ?sans|arimo|cmss|nimbussan/i.test(name)) return 'sans';
  if (/serif|times|roman|georgia|garamond|book|minion|cambria|caladea|palatino|caslon|tinos|charter|baskerville|bodoni|didot|nimbusrom|^(cm|lm)r/i.test(name)) return 'serif';
  if (flags & FIXED_PITCH) return 'mono';
  if (flags & SERIF) return 'serif';
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
    return this.embed(path.join(DIR, `${FILES[style.family][(style.bold ? 1 : 0) + (style.italic ? 2 : 0)]}.ttf`));
  }

  /**
   * A setter for `text` in the style: the shipped face for Latin, Greek and Cyrillic, and the faces
   * of the other scripts the text holds (their bold where there is one; none has an italic).
   */
  async setter(style: FontStyle, text: string): Promise<ScriptSetter> {
    const scripts = new Set<Script>();
    for (const char of text) {
      const script = scriptOf(char.codePointAt(0)!);
      if (script) scripts.add(script);
    }
    const faces = new Map<Script, PDFFont>();
    for (const script of scripts) {
      faces.set(script, await (script === 'cjk' ? this.cjk(style.bold, cjkRegion(text)) : this.embed(path.join(DIR, `${SCRIPT_FILES[script][style.bold ? 1 : 0]}.ttf`))));
    }
    return new ScriptSetter(await this.get(style), faces);
  }

  /** The CJK face comes from the system (fonts-noto-cjk, ~20 MB each, not shipped); only the glyphs used are embedded. */
  cjk(bold: boolean, region: 'kr' | 'jp' | 'sc'): Promise<PDFFont> {
    const weight = bold ? 'Bold' : 'Regular';
    return this.embed(path.join(CJK_DIR, `NotoSansCJK-${weight}.ttc`), `NotoSansCJK${region}-${weight}`);
  }

  private embed(file: string, postscriptName?: string): Promise<PDFFont> {
    const key = `${file}#${postscriptName ?? ''}`;
    let font = this.fonts.get(key);
    if (!font) {
      font = readFile(file).then((bytes) => this.doc.embedFont(bytes, { subset: true, postscriptName }));
      this.fonts.set(key, font);
    }
    return font;
  }
}

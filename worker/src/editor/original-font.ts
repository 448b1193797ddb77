import {
  decodePDFRawStream,
  PDFArray,
  PDFDict,
  PDFHexString,
  PDFName,
  PDFNumber,
  PDFOperator,
  PDFObjectCopier,
  PDFOperatorNames,
  type PDFDocument,
  type PDFPage,
  PDFRawStream,
  PDFRef,
  PDFStream,
  PDFString,
} from '@cantoo/pdf-lib';
import { Encodings } from '@cantoo/pdf-lib/standard-fonts';

/**
 * A font the document already embeds, reused to set a rewritten line in the line's own face. Only
 * the characters the embedded program is known to hold can be set: a subset holds the glyphs the
 * document used, so a new word with a letter the original never showed falls back to a shipped font.
 */
export interface OriginalFont {
  /** The font dictionary, shared with the rest of the document. */
  ref: PDFRef;
  /** The character code (as hex, its full byte length) that shows each character. */
  codes: ReadonlyMap<string, string>;
  /** Width of a word space in thousandths of the size, for fonts without a space glyph (TeX's). */
  spaceWidth: number;
  /** A code's advance in thousandths of the size (the font's /Widths or /W), to fit the new line. */
  advance: (code: string) => number;
}

const DEFAULT_SPACE = 250;

/** Glyph names to characters: the standard names of WinAnsi and Symbol, and uniXXXX / uXXXXX. */
const GLYPH_NAMES: ReadonlyMap<string, string> = (() => {
  const names = new Map<string, string>();
  for (const encoding of [Encodings.WinAnsi, Encodings.Symbol]) {
    for (const cp of encoding.supportedCodePoints) {
      const { name } = encoding.encodeUnicodeCodePoint(cp);
      if (!names.has(name)) names.set(name, String.fromCodePoint(cp));
    }
  }
  return names;
})();

function glyphChar(name: string): string | undefined {
  const known = GLYPH_NAMES.get(name);
  if (known) return known;
  const uni = /^uni([0-9A-F]{4})$/.exec(name) ?? /^u([0-9A-F]{4,6})$/.exec(name);
  return uni ? String.fromCodePoint(parseInt(uni[1], 16)) : undefined;
}

const withoutSubsetTag = (name: string) => name.replace(/^[A-Z]{6}\+/, '');

/**
 * The embedded fonts of the document as it was before the replaced glyphs were taken out, found
 * again for the edited copy: a line that was the only text in its font leaves the edited page
 * without it, so the font is then brought over from the original (once).
 */
export class OriginalFonts {
  private readonly copies = new Map<PDFRef, PDFRef>();

  constructor(private readonly original: PDFDocument) {}

  /**
   * The embedded font named `fontName` that the page (or the same page of the original) draws with,
   * ready for reuse; undefined when there is none, or it is a kind this cannot map (Type3, a font
   * left out of the file, a simple font whose codes cannot be read back as characters).
   */
  find(page: PDFPage, pageIndex: number, fontName: string): OriginalFont | undefined {
    const here = matching(page, fontName);
    if (here) return readFont(...here);
    if (pageIndex >= this.original.getPageCount()) return undefined;
    const there = matching(this.original.getPage(pageIndex), fontName);
    if (!there || !readFont(...there)) return undefined;
    let copy = this.copies.get(there[0]);
    if (!copy) {
      copy = page.doc.context.register(PDFObjectCopier.for(this.original.context, page.doc.context).copy(there[1]));
      this.copies.set(there[0], copy);
    }
    return readFont(copy, page.doc.context.lookup(copy, PDFDict));
  }
}

/** The page's font dictionary whose /BaseFont is `fontName` (subset tags aside). */
function matching(page: PDFPage, fontName: string): [PDFRef, PDFDict] | undefined {
  const wanted = withoutSubsetTag(fontName);
  if (!wanted) return undefined;
  return pageFonts(page).find(([, dict]) => {
    const base = dict.lookupMaybe(PDFName.of('BaseFont'), PDFName)?.decodeText() ?? '';
    return base === fontName || withoutSubsetTag(base) === wanted;
  });
}

/** Every font dictionary the page's resources reach, forms included (each form once). */
function pageFonts(page: PDFPage): [PDFRef, PDFDict][] {
  const found: [PDFRef, PDFDict][] = [];
  const seen = new Set<PDFDict>();
  const visit = (resources: PDFDict | undefined) => {
    if (!resources || seen.has(resources)) return;
    seen.add(resources);
    const fonts = resources.lookupMaybe(PDFName.of('Font'), PDFDict);
    for (const [, value] of fonts?.entries() ?? []) {
      if (value instanceof PDFRef) {
        const dict = page.doc.context.lookupMaybe(value, PDFDict);
        if (dict) found.push([value, dict]);
      }
    }
    const forms = resources.lookupMaybe(PDFName.of('XObject'), PDFDict);
    for (const [, value] of forms?.entries() ?? []) {
      const form = page.doc.context.lookup(value);
      if (form instanceof PDFStream && form.dict.get(PDFName.of('Subtype')) === PDFName.of('Form')) {
        visit(form.dict.lookupMaybe(PDFName.of('Resources'), PDFDict));
      }
    }
  };
  visit(page.node.Resources());
  return found;
}

function readFont(ref: PDFRef, dict: PDFDict): OriginalFont | undefined {
  const subtype = dict.lookupMaybe(PDFName.of('Subtype'), PDFName)?.decodeText();
  if (subtype === 'Type0') {
    const descendant = dict.lookupMaybe(PDFName.of('DescendantFonts'), PDFArray)?.lookupMaybe(0, PDFDict);
    if (!descendant || !isEmbedded(descendant)) return undefined;
    const codes = toUnicodeCodes(dict);
    return codes.size ? { ref, codes, spaceWidth: DEFAULT_SPACE, advance: cidAdvances(descendant) } : undefined;
  }
  if (subtype !== 'Type1' && subtype !== 'TrueType' && subtype !== 'MMType1') return undefined;
  if (!isEmbedded(dict)) return undefined;
  const codes = toUnicodeCodes(dict);
  if (!codes.size) for (const [char, code] of encodingCodes(dict)) codes.set(char, code);
  if (!codes.size) return undefined;
  const firstChar = dict.lookupMaybe(PDFName.of('FirstChar'), PDFNumber)?.asNumber() ?? 0;
  const widths = dict.lookupMaybe(PDFName.of('Widths'), PDFArray);
  const advance = (code: string) => widths?.lookupMaybe(parseInt(code, 16) - firstChar, PDFNumber)?.asNumber() ?? 0;
  return { ref, codes, spaceWidth: DEFAULT_SPACE, advance };
}

/** A CID font's advances: its /W array ([c [w…]] and [c1 c2 w] runs), else /DW. */
function cidAdvances(descendant: PDFDict): (code: string) => number {
  const fallback = descendant.lookupMaybe(PDFName.of('DW'), PDFNumber)?.asNumber() ?? 1000;
  const known = new Map<number, number>();
  const items = descendant.lookupMaybe(PDFName.of('W'), PDFArray)?.asArray() ?? [];
  const num = (item: unknown) => (item instanceof PDFNumber ? item.asNumber() : undefined);
  for (let i = 0; i < items.length; ) {
    const first = num(descendant.context.lookup(items[i]));
    const next = descendant.context.lookup(items[i + 1]);
    if (first === undefined) break;
    if (next instanceof PDFArray) {
      next.asArray().forEach((w, k) => known.set(first + k, num(descendant.context.lookup(w)) ?? fallback));
      i += 2;
    } else {
      const last = num(next);
      const width = num(descendant.context.lookup(items[i + 2]));
      if (last === undefined || width === undefined) break;
      // A run is one number for many codes: capped so a hostile range cannot fill memory.
      for (let c = first; c <= Math.min(last, first + 0xffff); c++) known.set(c, width);
      i += 3;
    }
  }
  return (code) => known.get(parseInt(code, 16)) ?? fallback;
}

function isEmbedded(dict: PDFDict): boolean {
  const descriptor = dict.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
  return ['FontFile', 'FontFile2', 'FontFile3'].some((key) => descriptor?.has(PDFName.of(key)));
}

function streamText(stream: PDFStream): string {
  const bytes = stream instanceof PDFRawStream ? decodePDFRawStream(stream).decode() : stream.getContents();
  return Buffer.from(bytes).toString('latin1');
}

/** Character → code from the font's ToUnicode CMap (single characters only: ligatures are left out). */
function toUnicodeCodes(dict: PDFDict): Map<string, string> {
  const codes = new Map<string, string>();
  const cmap = dict.lookupMaybe(PDFName.of('ToUnicode'), PDFStream);
  if (!cmap) return codes;
  let text: string;
  try {
    text = streamText(cmap);
  } catch {
    return codes;
  }
  const add = (code: string, unicodeHex: string) => {
    const char = String.fromCodePoint(...utf16(unicodeHex));
    if ([...char].length === 1 && !codes.has(char)) codes.set(char, code.toUpperCase());
  };
  for (const block of text.matchAll(/beginbfchar([\s\S]*?)endbfchar/g)) {
    for (const [, code, unicode] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>/g)) add(code, unicode);
  }
  for (const block of text.matchAll(/beginbfrange([\s\S]*?)endbfrange/g)) {
    for (const [, lo, hi, target] of block[1].matchAll(/<([0-9a-fA-F]+)>\s*<([0-9a-fA-F]+)>\s*(<[0-9a-fA-F]+>|\[[^\]]*\])/g)) {
      const start = parseInt(lo, 16);
      const end = Math.min(parseInt(hi, 16), start + 0xffff);
      const targets = target.startsWith('[') ? [...target.matchAll(/<([0-9a-fA-F]+)>/g)].map((m) => m[1]) : undefined;
      for (let c = start; c <= end; c++) {
        const code = c.toString(16).padStart(lo.length, '0');
        if (targets) {
          if (targets[c - start]) add(code, targets[c - start]);
        } else {
          // The last byte of the destination counts up through the range.
          const first = target.slice(1, -1);
          const last = (parseInt(first.slice(-4), 16) + (c - start)).toString(16).padStart(4, '0');
          add(code, first.slice(0, -4) + last);
        }
      }
    }
  }
  return codes;
}

function utf16(hex: string): number[] {
  const units = [];
  for (let i = 0; i + 4 <= hex.length; i += 4) units.push(parseInt(hex.slice(i, i + 4), 16));
  return [...String.fromCharCode(...units)].map((c) => c.codePointAt(0)!);
}

/**
 * Character → one-byte code for a simple font without ToUnicode, through its /Encoding (a base
 * encoding and /Differences). A code counts only when its glyph is in the program: in the
 * descriptor's /CharSet when it has one, else when the font gives the code a width.
 */
function encodingCodes(dict: PDFDict): Map<string, string> {
  const codes = new Map<string, string>();
  const encoding = dict.lookup(PDFName.of('Encoding'));
  const names = new Map<number, string>();
  const base = encoding instanceof PDFName ? encoding.decodeText() : encoding instanceof PDFDict ? encoding.lookupMaybe(PDFName.of('BaseEncoding'), PDFName)?.decodeText() : undefined;
  if (base === 'WinAnsiEncoding') {
    for (const cp of Encodings.WinAnsi.supportedCodePoints) {
      const { code, name } = Encodings.WinAnsi.encodeUnicodeCodePoint(cp);
      names.set(code, name);
    }
  }
  const differences = encoding instanceof PDFDict ? encoding.lookupMaybe(PDFName.of('Differences'), PDFArray) : undefined;
  let code = 0;
  for (const item of differences?.asArray() ?? []) {
    if (item instanceof PDFNumber) code = item.asNumber();
    else if (item instanceof PDFName) names.set(code++, item.decodeText());
  }
  if (!names.size) return codes;
  const descriptor = dict.lookupMaybe(PDFName.of('FontDescriptor'), PDFDict);
  const charSet = descriptor?.lookupMaybe(PDFName.of('CharSet'), PDFString, PDFHexString)?.decodeText();
  const present = charSet ? new Set(charSet.split('/').filter(Boolean)) : undefined;
  const firstChar = dict.lookupMaybe(PDFName.of('FirstChar'), PDFNumber)?.asNumber() ?? 0;
  const widths = dict.lookupMaybe(PDFName.of('Widths'), PDFArray);
  const width = (c: number) => (widths?.lookupMaybe(c - firstChar, PDFNumber)?.asNumber() ?? 0);
  for (const [c, name] of [...names].sort(([a], [b]) => a - b)) {
    if (present ? !present.has(name) : width(c) <= 0) continue;
    const char = glyphChar(name);
    if (char && !codes.has(char)) codes.set(char, c.toString(16).padStart(2, '0').toUpperCase());
  }
  return codes;
}

/** A line set in an original font: its TJ operator, and how wide it runs. */
export interface ShownLine {
  operator: PDFOperator;
  /** The advance of the whole line in thousandths of the size. */
  width: number;
  /** Glyphs shown, which character spacing (Tc) applies to. */
  glyphs: number;
}

/**
 * The TJ operator that shows `text` in the font, or undefined when a character has no glyph in it.
 * A space the font cannot show becomes a gap of a word space.
 */
export function showInFont(font: OriginalFont, text: string, context: PDFPage['doc']['context']): ShownLine | undefined {
  const parts = PDFArray.withContext(context);
  let run = '';
  let width = 0;
  let glyphs = 0;
  for (const char of text) {
    const code = font.codes.get(char);
    if (code !== undefined) {
      run += code;
      width += font.advance(code);
      glyphs++;
      continue;
    }
    if (!/\s/.test(char)) return undefined;
    if (run) parts.push(PDFHexString.of(run));
    run = '';
    parts.push(PDFNumber.of(-font.spaceWidth));
    width += font.spaceWidth;
  }
  if (run) parts.push(PDFHexString.of(run));
  return { operator: PDFOperator.of(PDFOperatorNames.ShowTextAdjusted, [parts]), width, glyphs };
}

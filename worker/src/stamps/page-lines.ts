import { PDFArray, PDFBool, PDFDict, PDFDocument, type PDFFont, PDFHexString, PDFName, PDFNumber, type PDFObject, PDFRef, PDFStream, PDFString } from '@cantoo/pdf-lib';
import { AppError } from '#shared/errors';
import { FontBook } from '../editor/fonts';
import type { ScriptSetter } from '../editor/script-runs';
import * as qpdf from '../engines/qpdf';
import type { PageFrameBoxes } from '../engines/poppler';
import { compose, displayedSize, displayedToUser, type Matrix } from '../pages/geometry';
import type { StampTarget } from './stamp-document';
import { ASCENT, DESCENT, gridPoint, type Placement, type TextStyle } from './stamp-sheet';

type Dict = Record<string, unknown>;

/** Where a font's resource name goes in a line's operators: settled in `write`, once the names the document uses are known. */
const FONT_SLOT = '\u0000font:';

/** An operand of a content stream: at most four decimals, no exponent, no "-0". */
const num = (v: number) => {
  const s = (Math.round(v * 10_000) / 10_000).toFixed(4).replace(/\.?0+$/, '');
  return s === '-0' ? '0' : s;
};
const GRAPHEMES = new Intl.Segmenter('und', { granularity: 'grapheme' });
const colorOps = (hex: string) => [1, 3, 5].map((i) => num(parseInt(hex.slice(i, i + 2), 16) / 255)).join(' ') + ' rg';

/**
 * Lines of text (page numbers, headers and footers) written straight into each page's own content:
 * a stream appended to the page, the page's drawing closed in q…Q before it so that a matrix it
 * leaves set cannot move the line, and the fonts added to the page's resources. qpdf applies the
 * edit as JSON (`--update-from-json`) without decoding or rewriting anything else, which is about
 * the cost of copying the file: laying one stamp page per page with `--overlay` costs two to three
 * times that. Lines are placed in upright points of the page as shown (after its crop box and
 * /Rotate), so they land upright and inside the visible area of any page. Fonts are the shipped
 * Noto faces, embedded once as subsets by pdf-lib in a scratch document and carried over.
 */
export class PageLines {
  readonly fonts: FontBook;
  private readonly pages = new Map<number, string[]>();
  private readonly used = new Map<string, PDFRef>();
  private readonly shaped = new Map<PDFFont, Map<string, { glyphs: string; width: number }>>();

  private constructor(private readonly scratch: PDFDocument) {
    this.fonts = new FontBook(scratch);
  }

  static async create(): Promise<PageLines> {
    return new PageLines(await PDFDocument.create({ updateMetadata: false }));
  }

  /** The setter for a text in a style: the shipped face, and the faces of the other scripts it holds. */
  setter(style: TextStyle, text: string): Promise<ScriptSetter> {
    return this.fonts.setter({ family: style.family, bold: style.bold, italic: false }, text);
  }

  /** One line of text in a cell of the grid of page `page` (1-based), whose boxes are `frame`. */
  text(page: number, frame: PageFrameBoxes, setter: ScriptSetter, text: string, style: TextStyle, placement: Placement): void {
    const [x0, y0, x1, y1] = frame.crop;
    const shown = { x0, y0, x1, y1, rotation: frame.rotation };
    const { width, height } = displayedSize(shown);
    // Upright (y up) → displayed (y down) → the page's user space.
    const toUser = compose([1, 0, 0, -1, 0, height], displayedToUser(shown));
    const runs = setter.runs(text).map((run) => ({ font: run.font, ...this.shape(run.font, run.text, run.font === setter.base) }));
    const at = gridPoint({ width, height }, placement, runs.reduce((sum, run) => sum + run.width, 0) * style.size, style.size * (ASCENT + DESCENT));
    const matrix: Matrix = compose([1, 0, 0, 1, at.x, at.y + style.size * DESCENT], toUser);
    const ops = ['q', `${matrix.map(num).join(' ')} cm`, 'BT', colorOps(style.color)];
    let x = 0;
    for (const run of runs) {
      this.used.set(String(run.font.ref.objectNumber), run.font.ref);
      ops.push(`${FONT_SLOT}${run.font.ref.objectNumber} ${num(style.size)} Tf`, `1 0 0 1 ${num(x)} 0 Tm`, `<${run.glyphs}> Tj`);
      x += run.width * style.size;
    }
    ops.push('ET', 'Q');
    const list = this.pages.get(page) ?? [];
    list.push(...ops);
    this.pages.set(page, list);
  }

  /**
   * A run's glyphs (hex) and its width at size 1. Shaping a line costs fontkit milliseconds, and
   * page numbers or running heads repeat the same few characters on every page: text in the base
   * face (Latin, Greek, Cyrillic, where a character's glyph does not depend on its neighbours) is
   * shaped a character (a grapheme, with its accents) at a time and remembered. Other faces shape
   * the run whole (Arabic joins its letters).
   */
  private shape(font: PDFFont, text: string, byCharacter: boolean): { glyphs: string; width: number } {
    let known = this.shaped.get(font);
    if (!known) this.shaped.set(font, (known = new Map()));
    const one = (part: string) => {
      let found = known.get(part);
      if (!found) known.set(part, (found = { glyphs: font.encodeText(part).toString().slice(1, -1), width: font.widthOfTextAtSize(part, 1) }));
      return found;
    };
    if (!byCharacter) return one(text);
    const parts = [...GRAPHEMES.segment(text)].map((s) => one(s.segment));
    return { glyphs: parts.map((p) => p.glyphs).join(''), width: parts.reduce((sum, p) => sum + p.width, 0) };
  }

  /** Writes `target` with every line drawn into `output`; pages without a line are left as they were. */
  async write(target: StampTarget, output: string, opts: { workDir: string; signal: AbortSignal }): Promise<void> {
    // Glyphs are subset from what `text` encoded: only now are the fonts complete.
    const [pageRefs] = await Promise.all([qpdf.pageObjects(target.path, opts.signal), this.scratch.flush()]);
    const stamped = [...this.pages.keys()].map((page) => pageRefs[page - 1].object);
    const reader = new ObjectReader(target.path, opts.signal);
    const header = await reader.loadTree(stamped);
    const fontDicts = stamped.map((ref) => fontsOf(reader, ref));
    // A file stamped before holds fonts of ours: the new ones take names no page uses yet.
    let prefix = 'SheafF';
    for (let n = 2; fontDicts.some((fonts) => Object.keys(fonts).some((key) => key.startsWith(`/${prefix}`))); n++) prefix = `Sheaf${n}F`;

    let next = header.maxobjectid;
    const updates: qpdf.QpdfObjects = {};
    const ids = new Map<string, string>();
    const idOf = (ref: PDFRef) => {
      const key = ref.toString();
      if (!ids.has(key)) ids.set(key, `${++next} 0 R`);
      return ids.get(key)!;
    };
    const fonts = Object.fromEntries([...this.used].map(([n, ref]) => [`/${prefix}${n}`, idOf(ref)]));
    carryOver(this.scratch, [...this.used.values()], idOf, updates);

    const opening = `${++next} 0 R`;
    updates[`obj:${opening}`] = { stream: { dict: {}, data: Buffer.from('q\n').toString('base64') } };
    [...this.pages.values()].forEach((ops, i) => {
      const lines = `${++next} 0 R`;
      const content = `Q\n${ops.join('\n').replaceAll(FONT_SLOT, `/${prefix}`)}\n`;
      updates[`obj:${lines}`] = { stream: { dict: {}, data: Buffer.from(content).toString('base64') } };
      const page = pageRefs[[...this.pages.keys()][i] - 1];
      reader.edit(page.object)['/Contents'] = [opening, ...page.contents, lines];
      Object.assign(fontDicts[i], fonts);
    });
    for (const [ref, value] of reader.edited()) updates[`obj:${ref}`] = { value };
    await qpdf.updateObjects(target.path, updates, output, opts);
  }
}

/** The keys that lead from a page to the fonts it draws with. */
const TREE_KEYS = ['/Parent', '/Resources', '/Font'];

/**
 * The document's objects that the edit reads or changes, read from qpdf's JSON (qpdf parses lazily:
 * a read costs little whatever the file's size). An edited object is a copy, written back whole.
 */
class ObjectReader {
  private readonly objects = new Map<string, unknown>();
  private readonly changed = new Set<string>();

  constructor(
    private readonly file: string,
    private readonly signal: AbortSignal,
  ) {}

  /** Loads the pages and every object their fonts are reached through (page tree, resources), a level of the tree per qpdf call. */
  async loadTree(pages: readonly string[]): Promise<qpdf.QpdfJsonHeader> {
    let header: qpdf.QpdfJsonHeader | undefined;
    for (let wanted = [...new Set(pages)]; wanted.length > 0; ) {
      const read = await qpdf.jsonObjects(this.file, wanted, this.signal);
      header ??= read.header;
      for (const [key, object] of Object.entries(read.objects)) if (key.startsWith('obj:')) this.objects.set(key.slice(4), object.value);
      const next = new Set<string>();
      const follow = (value: unknown) => {
        if (isRef(value)) {
          if (!this.objects.has(value)) next.add(value);
        } else if (isDict(value)) for (const key of TREE_KEYS) if (key in value) follow(value[key]);
      };
      for (const ref of wanted) follow(this.objects.get(ref));
      // An object qpdf could not give (a dangling reference) is read as null, once.
      for (const ref of wanted) if (!this.objects.has(ref)) this.objects.set(ref, null);
      wanted = [...next];
    }
    return header!;
  }

  get(ref: string): unknown {
    return this.objects.get(ref);
  }

  /** The object as a dictionary to change (a stream or a damaged object is refused: a page and its resources are dictionaries). */
  edit(ref: string): Dict {
    const value = this.objects.get(ref);
    if (!isDict(value)) throw new AppError('PDF_DAMAGED', `${ref} is not a dictionary`);
    this.changed.add(ref);
    return value;
  }

  edited(): Array<[string, unknown]> {
    return [...this.changed].map((ref) => [ref, this.objects.get(ref)]);
  }
}

const isDict = (v: unknown): v is Dict => typeof v === 'object' && v !== null && !Array.isArray(v);
const isRef = (v: unknown): v is string => typeof v === 'string' && /^\d+ \d+ R$/.test(v);

/**
 * The font dictionary of the resources the page draws with, to add ours to: its own resources,
 * else those it inherits from the page tree, wherever they are stored (inline, or an object shared
 * with other pages, which then simply holds our fonts too). A page with none gets its own.
 */
function fontsOf(reader: ObjectReader, pageRef: string): Dict {
  const page = reader.edit(pageRef);
  let owner: Dict | undefined = '/Resources' in page ? page : undefined;
  for (let node = page['/Parent'], depth = 0; !owner && isRef(node) && depth < 64; depth++) {
    const parent = reader.get(node);
    if (isDict(parent) && '/Resources' in parent) owner = reader.edit(node);
    else node = isDict(parent) ? parent['/Parent'] : undefined;
  }
  // No resources, or resources that are not a dictionary (they draw nothing): the page gets its own.
  const resources = dictAt(reader, owner?.['/Resources']) ?? (page['/Resources'] = {});
  return dictAt(reader, resources['/Font']) ?? (resources['/Font'] = {});
}

/** The dictionary a value holds, inline or by reference, ready to change; undefined when it holds none. */
function dictAt(reader: ObjectReader, value: unknown): Dict | undefined {
  if (isRef(value)) return isDict(reader.get(value)) ? reader.edit(value) : undefined;
  return isDict(value) ? value : undefined;
}

/** The scratch document's objects reachable from `roots`, as qpdf JSON under their new numbers. */
function carryOver(doc: PDFDocument, roots: readonly PDFRef[], idOf: (ref: PDFRef) => string, into: qpdf.QpdfObjects): void {
  const pending = [...roots];
  const seen = new Set<string>();
  const value = (o: PDFObject | undefined): unknown => {
    if (o instanceof PDFRef) {
      if (!seen.has(o.toString())) pending.push(o);
      return idOf(o);
    }
    if (o instanceof PDFName) return o.asString().includes('#') ? `n:${o.asString()}` : o.asString();
    if (o instanceof PDFNumber) return o.asNumber();
    if (o instanceof PDFBool) return o.asBoolean();
    if (o instanceof PDFString || o instanceof PDFHexString) return `b:${Buffer.from(o.asBytes()).toString('hex')}`;
    if (o instanceof PDFArray) return o.asArray().map(value);
    if (o instanceof PDFDict) return Object.fromEntries(o.entries().map(([k, v]) => [k.asString(), value(v)]));
    return null;
  };
  for (let ref = pending.pop(); ref; ref = pending.pop()) {
    if (seen.has(ref.toString())) continue;
    seen.add(ref.toString());
    const object = doc.context.lookup(ref);
    if (object instanceof PDFStream) {
      object.updateDict();
      const { '/Length': _length, ...dict } = value(object.dict) as Dict;
      // The data as stored, with the /Filter that says how.
      into[`obj:${idOf(ref)}`] = { stream: { dict, data: Buffer.from(object.getContents()).toString('base64') } };
    } else into[`obj:${idOf(ref)}`] = { value: value(object) };
  }
}

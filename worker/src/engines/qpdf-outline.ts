import { open, stat } from 'node:fs/promises';
import { log } from '#shared/server/logger';
import { type OutlineItem, updateBase } from './qpdf';

/**
 * One input's bookmarks and where its pages landed in the output: either all of them in order from
 * `pageOffset` (0-based; a merge), or wherever `positionOf` says (1-based; undefined for a page left out).
 */
export type PlacedOutline =
  | { items: readonly OutlineItem[]; pageOffset: number }
  | { items: readonly OutlineItem[]; positionOf: (page: number) => number | undefined };

/** A hostile outline (a million entries, nested a thousand deep) is cut short, not followed. */
const MAX_ITEMS = 20_000;
const MAX_DEPTH = 64;
/** The catalog's outline entry, as qpdf prints it. */
const OUTLINES_ENTRY = /\/Outlines \d+ \d+ R ?/;

/** A name in PDF syntax: outline views come from qpdf's JSON, where names are decoded. */
function pdfName(name: string): string {
  const bytes = Buffer.from(name.slice(1), 'utf8');
  let out = '/';
  for (const byte of bytes)
    out +=
      byte > 0x20 && byte < 0x7f && !'()<>[]{}/%#'.includes(String.fromCharCode(byte))
        ? String.fromCharCode(byte)
        : `#${byte.toString(16).padStart(2, '0')}`;
  return out;
}

/** A text string as UTF-16BE hex with its byte-order mark: any title, in any script, unescaped. */
function pdfText(text: string): string {
  const units = Buffer.from(text, 'utf16le').swap16();
  return `<FEFF${units.toString('hex').toUpperCase()}>`;
}

/** How the destination shows its page ("/XYZ", numbers and nulls); a whole-page view when unknown. */
function viewOf(view: readonly unknown[]): string {
  const ok = view.length > 0 && view.every((v) => (typeof v === 'string' && v.startsWith('/')) || typeof v === 'number' || v === null);
  return ok ? view.map((v) => (typeof v === 'string' ? pdfName(v) : String(v))).join(' ') : '/Fit';
}

/**
 * The output page an input's bookmark leads to: a number, null to keep it without a destination,
 * undefined to drop it. A merge keeps every bookmark as it was; when pages were picked, one that
 * leads to no page of the output is dropped.
 */
function targetOf(placed: PlacedOutline): (page: number | null) => number | null | undefined {
  if ('pageOffset' in placed) return (page) => (page === null ? null : placed.pageOffset + page);
  return (page) => (page === null ? undefined : placed.positionOf(page));
}

/** The bookmarks with output pages; a dropped bookmark's children take its place, so a chapter's sections outlive it. */
function place(items: readonly OutlineItem[], target: ReturnType<typeof targetOf>, depth: number): OutlineItem[] {
  return items.flatMap((item) => {
    const kids = depth < MAX_DEPTH ? place(item.kids, target, depth + 1) : [];
    const page = target(item.page);
    return page === undefined ? kids : [{ ...item, page, kids }];
  });
}

/** The outline's objects, numbered from `firstId`: the root first, then the items depth first. */
function outlineObjects(items: readonly OutlineItem[], pageRefs: readonly string[], firstId: number): Array<{ id: number; body: string }> {
  const objects: Array<{ id: number; body: string }> = [];
  let nextId = firstId;
  let budget = MAX_ITEMS;

  /** Writes sibling items under `parent`; returns their ids and how many entries show when `parent` is open. */
  const writeLevel = (level: readonly OutlineItem[], parent: number) => {
    const placed = level.slice(0, Math.max(0, budget)).map((item) => ({ item, id: nextId++ }));
    budget -= placed.length;
    let visible = 0;
    placed.forEach(({ item, id }, i) => {
      const slot = objects.push({ id, body: '' }) - 1;
      const entries = [`/Title ${pdfText(item.title)}`, `/Parent ${parent} 0 R`];
      const page = item.page === null ? undefined : pageRefs[item.page - 1];
      if (page) entries.push(`/Dest [${page} ${viewOf(item.view)}]`);
      if (i > 0) entries.push(`/Prev ${placed[i - 1].id} 0 R`);
      if (i < placed.length - 1) entries.push(`/Next ${placed[i + 1].id} 0 R`);
      const kids = writeLevel(item.kids, id);
      if (kids.ids.length > 0) {
        entries.push(`/First ${kids.ids[0]} 0 R`, `/Last ${kids.ids[kids.ids.length - 1]} 0 R`);
        // Open: the descendants that show; closed: minus the children that would.
        entries.push(`/Count ${item.open ? kids.visible : -kids.ids.length}`);
        if (item.open) visible += kids.visible;
      }
      objects[slot].body = `<<${entries.join(' ')}>>`;
      visible++;
    });
    return { ids: placed.map((p) => p.id), visible };
  };

  const root = nextId++;
  objects.push({ id: root, body: '' });
  const top = writeLevel(items, root);
  objects[0].body = `<</Type /Outlines /First ${top.ids[0]} 0 R /Last ${top.ids[top.ids.length - 1]} 0 R /Count ${top.visible}>>`;
  return objects;
}

/** Where the file's last cross-reference section starts, and whether it is a stream (PDF 1.5) or a table. */
async function lastSection(pdfPath: string, size: number): Promise<{ startxref: number; stream: boolean }> {
  const file = await open(pdfPath, 'r');
  try {
    const tailLength = Math.min(size, 2048);
    const tail = Buffer.alloc(tailLength);
    await file.read(tail, 0, tailLength, size - tailLength);
    const found = /startxref\s+(\d+)\s+%%EOF\s*$/.exec(tail.toString('latin1'));
    if (!found) throw new Error('no startxref at the end of the file');
    const startxref = Number(found[1]);
    const head = Buffer.alloc(4);
    await file.read(head, 0, 4, startxref);
    return { startxref, stream: head.toString('latin1') !== 'xref' };
  } finally {
    await file.close();
  }
}

/**
 * Gives a PDF the bookmarks of the documents it was made from, each pointing at the same place on
 * its page as before, wherever that page now is. An outline the PDF already has is replaced.
 *
 * Written as an incremental update (new objects, a catalog that points at them, a cross-reference
 * section) after qpdf's output, so the pages are never parsed or written again: a merge costs what
 * qpdf's concatenation costs. An outline replaced this way stays in the file, unreferenced.
 */
export async function writeOutline(pdfPath: string, placed: readonly PlacedOutline[]): Promise<void> {
  const base = await updateBase(pdfPath);
  const items = placed.flatMap((p) => place(p.items, targetOf(p), 1));
  const hadOutline = OUTLINES_ENTRY.test(base.catalog);
  if (items.length === 0 && !hadOutline) return;
  if (!base.catalog.startsWith('<<')) throw new Error(`unexpected catalog: ${base.catalog.slice(0, 200)}`);

  const objects = items.length > 0 ? outlineObjects(items, base.pageRefs, base.size) : [];
  const catalog = base.catalog.replace(OUTLINES_ENTRY, '').replace(/^<</, objects.length > 0 ? `<< /Outlines ${objects[0].id} 0 R` : '<<');
  const changed = [{ id: Number(base.rootRef.split(' ')[0]), body: catalog }, ...objects];

  const { size: fileSize } = await stat(pdfPath);
  const { startxref, stream } = await lastSection(pdfPath, fileSize);
  const chunks: string[] = ['\n'];
  let at = fileSize + 1;
  const offsets = new Map<number, number>();
  for (const object of changed) {
    const text = `${object.id} 0 obj\n${object.body}\nendobj\n`;
    offsets.set(object.id, at);
    chunks.push(text);
    at += Buffer.byteLength(text, 'latin1');
  }
  // A cross-reference stream is an object too: it takes the next number.
  const streamId = base.size + objects.length;
  const size = stream ? streamId + 1 : streamId;
  const trailer = [`/Root ${base.rootRef}`, `/Prev ${startxref}`, ...base.keep];
  if (stream) offsets.set(streamId, at);
  const ids = [...offsets.keys()].sort((a, b) => a - b);
  chunks.push(stream ? xrefStream(streamId, ids, offsets, at, size, trailer) : xrefTable(ids, offsets, at, size, trailer));

  const file = await open(pdfPath, 'a');
  try {
    await file.write(Buffer.from(chunks.join(''), 'latin1'));
  } finally {
    await file.close();
  }
}

/** Runs of consecutive object numbers: [first, count] pairs. */
function runsOf(ids: readonly number[]): Array<[number, number]> {
  const runs: Array<[number, number]> = [];
  for (const id of ids) {
    const last = runs[runs.length - 1];
    if (last && last[0] + last[1] === id) last[1]++;
    else runs.push([id, 1]);
  }
  return runs;
}

/** A classic cross-reference table and trailer, for a file whose sections are tables. */
function xrefTable(ids: readonly number[], offsets: ReadonlyMap<number, number>, at: number, size: number, trailer: string[]): string {
  const lines = ['xref'];
  for (const [first, count] of runsOf(ids)) {
    lines.push(`${first} ${count}`);
    for (let id = first; id < first + count; id++) lines.push(`${String(offsets.get(id)).padStart(10, '0')} 00000 n `);
  }
  return `${lines.join('\n')}\ntrailer\n<</Size ${size} ${trailer.join(' ')}>>\nstartxref\n${at}\n%%EOF\n`;
}

/** A cross-reference stream (uncompressed, 1+4+2 bytes per entry), object `selfId`, which lists itself among `ids`. */
function xrefStream(
  selfId: number,
  ids: readonly number[],
  offsets: ReadonlyMap<number, number>,
  at: number,
  size: number,
  trailer: string[],
): string {
  const data = Buffer.alloc(ids.length * 7);
  ids.forEach((id, i) => {
    data.writeUInt8(1, i * 7);
    data.writeUInt32BE(offsets.get(id)!, i * 7 + 1);
  });
  const index = runsOf(ids).flat().join(' ');
  const dict = `<</Type /XRef /Size ${size} /W [1 4 2] /Index [${index}] /Length ${data.length} ${trailer.join(' ')}>>`;
  return `${selfId} 0 obj\n${dict}\nstream\n${data.toString('latin1')}\nendstream\nendobj\nstartxref\n${at}\n%%EOF\n`;
}

/**
 * For a document built from pages picked out of `sources` (qpdf keeps the first source's outline
 * whole, entries to pages it dropped leading nowhere): every source's bookmarks, each leading to
 * its page where it landed, and none to a page left out.
 */
export async function rebuildOutline(
  output: string,
  sources: ReadonlyArray<{ outlines: readonly OutlineItem[]; positionOf: (page: number) => number | undefined }>,
  signal: AbortSignal,
): Promise<void> {
  if (sources.every((source) => source.outlines.length === 0)) return;
  // Bookmarks are a courtesy: a file pdf-lib cannot rewrite is still handed back, with qpdf's outline.
  await writeOutline(
    output,
    sources.map((source) => ({ items: source.outlines, positionOf: source.positionOf })),
  ).catch((error: unknown) => {
    if (signal.aborted) throw error;
    log.warn('bookmarks not rebuilt', { error: error instanceof Error ? error.message : String(error) });
  });
}

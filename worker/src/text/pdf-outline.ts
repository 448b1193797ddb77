import { readFile, rename, writeFile } from 'node:fs/promises';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFNull, PDFNumber, type PDFObject, PDFRef } from 'pdf-lib';
import { log } from '#shared/server/logger';
import { mapLimit } from '#shared/map-limit';
import { outlines, type OutlineItem } from '../engines/qpdf';
import { ENGINE_PARALLELISM } from '../jobs/parallel';

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

/** How the destination shows its page ("/XYZ", numbers and nulls); a whole-page view when unknown. */
function viewOf(view: readonly unknown[]): PDFObject[] {
  const mapped = view.map((v) =>
    typeof v === 'string' && v.startsWith('/') ? PDFName.of(v.slice(1)) : typeof v === 'number' ? PDFNumber.of(v) : v === null ? PDFNull : undefined,
  );
  return mapped.length > 0 && mapped.every((v) => v !== undefined) ? (mapped as PDFObject[]) : [PDFName.of('Fit')];
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

/**
 * Removes the document's outline items, so a rebuilt outline does not leave the old one behind as
 * unreferenced objects. Only the First/Next chain is followed, each object once (an outline can loop).
 */
function removeOutline(doc: PDFDocument): void {
  const ctx = doc.context;
  const pending = [doc.catalog.get(PDFName.of('Outlines'))];
  doc.catalog.delete(PDFName.of('Outlines'));
  const seen = new Set<string>();
  while (pending.length > 0) {
    const next = pending.pop();
    if (!(next instanceof PDFRef) || seen.has(next.tag)) continue;
    seen.add(next.tag);
    const dict = ctx.lookup(next);
    if (dict instanceof PDFDict) pending.push(dict.get(PDFName.of('First')), dict.get(PDFName.of('Next')));
    ctx.delete(next);
  }
}

/**
 * Gives a PDF the bookmarks of the documents it was made from, each pointing at the same place on
 * its page as before, wherever that page now is. An outline the PDF already has is replaced.
 */
export async function writeOutline(pdfPath: string, placed: readonly PlacedOutline[]): Promise<void> {
  const doc = await PDFDocument.load(await readFile(pdfPath), { updateMetadata: false });
  const ctx = doc.context;
  const pages = doc.getPages();
  const items = placed.flatMap((p) => place(p.items, targetOf(p), 1));
  const hadOutline = doc.catalog.has(PDFName.of('Outlines'));
  if (items.length === 0 && !hadOutline) return;
  removeOutline(doc);

  let budget = MAX_ITEMS;
  const link = (from: PDFRef, key: 'Prev' | 'Next', to: PDFRef) => ctx.lookup(from, PDFDict).set(PDFName.of(key), to);

  /** Writes sibling items under `parent`; returns their refs and how many entries show when `parent` is open. */
  const writeLevel = (level: readonly OutlineItem[], parent: PDFRef) => {
    const refs: PDFRef[] = [];
    let visible = 0;
    for (const item of level) {
      if (budget-- <= 0) break;
      const ref = ctx.nextRef();
      const dict = ctx.obj({ Title: PDFHexString.fromText(item.title), Parent: parent });
      const page = item.page === null ? undefined : pages[item.page - 1];
      if (page) dict.set(PDFName.of('Dest'), ctx.obj([page.ref, ...viewOf(item.view)]));
      if (item.kids.length > 0) {
        const kids = writeLevel(item.kids, ref);
        if (kids.refs.length > 0) {
          dict.set(PDFName.of('First'), kids.refs[0]);
          dict.set(PDFName.of('Last'), kids.refs[kids.refs.length - 1]);
          // Open: the descendants that show; closed: minus the children that would.
          dict.set(PDFName.of('Count'), PDFNumber.of(item.open ? kids.visible : -kids.refs.length));
          if (item.open) visible += kids.visible;
        }
      }
      ctx.assign(ref, dict);
      refs.push(ref);
      visible++;
    }
    refs.forEach((ref, i) => {
      if (i > 0) link(ref, 'Prev', refs[i - 1]);
      if (i < refs.length - 1) link(ref, 'Next', refs[i + 1]);
    });
    return { refs, visible };
  };

  const root = ctx.nextRef();
  const top = writeLevel(items, root);
  if (top.refs.length > 0) {
    ctx.assign(root, ctx.obj({ Type: 'Outlines', First: top.refs[0], Last: top.refs[top.refs.length - 1], Count: top.visible }));
    doc.catalog.set(PDFName.of('Outlines'), root);
  }
  // A new file renamed over the old one: a failed write never leaves half a PDF behind.
  const written = `${pdfPath}.outline`;
  await writeFile(written, await doc.save());
  await rename(written, pdfPath);
}

/**
 * For a document built from pages picked out of `sources` (qpdf keeps the first source's outline
 * whole, entries to pages it dropped leading nowhere): every source's bookmarks, each leading to
 * its page where it landed, and none to a page left out.
 */
export async function rebuildOutline(
  output: string,
  sources: ReadonlyArray<{ file: string; positionOf: (page: number) => number | undefined }>,
  signal: AbortSignal,
): Promise<void> {
  const trees = await mapLimit(sources, ENGINE_PARALLELISM, (source) => outlines(source.file, signal));
  if (trees.every((items) => items.length === 0)) return;
  // Bookmarks are a courtesy: a file pdf-lib cannot rewrite is still handed back, with qpdf's outline.
  await writeOutline(
    output,
    sources.map((source, i) => ({ items: trees[i], positionOf: source.positionOf })),
  ).catch((error: unknown) => {
    if (signal.aborted) throw error;
    log.warn('bookmarks not rebuilt', { error: error instanceof Error ? error.message : String(error) });
  });
}

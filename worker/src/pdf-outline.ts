import { readFile, rename, writeFile } from 'node:fs/promises';
import { PDFDict, PDFDocument, PDFHexString, PDFName, PDFNull, PDFNumber, type PDFObject, type PDFRef } from 'pdf-lib';
import type { OutlineItem } from './engines/qpdf';

/** One input's bookmarks, and where its first page landed in the output (0-based). */
export interface PlacedOutline {
  items: readonly OutlineItem[];
  pageOffset: number;
}

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
 * Gives a PDF the bookmarks of the documents it was made from, each pointing at the same place
 * on its page as before, shifted by where that document's pages now start.
 */
export async function writeOutline(pdfPath: string, placed: readonly PlacedOutline[]): Promise<void> {
  const doc = await PDFDocument.load(await readFile(pdfPath), { updateMetadata: false });
  const ctx = doc.context;
  const pages = doc.getPages();
  let budget = MAX_ITEMS;
  const link = (from: PDFRef, key: 'Prev' | 'Next', to: PDFRef) => ctx.lookup(from, PDFDict).set(PDFName.of(key), to);

  /** Writes sibling items under `parent`; returns their refs and how many entries show when `parent` is open. */
  const writeLevel = (items: readonly OutlineItem[], pageOffset: number, parent: PDFRef, depth: number) => {
    const refs: PDFRef[] = [];
    let visible = 0;
    for (const item of items) {
      if (budget-- <= 0) break;
      const ref = ctx.nextRef();
      const dict = ctx.obj({ Title: PDFHexString.fromText(item.title), Parent: parent });
      const page = item.page === null ? undefined : pages[pageOffset + item.page - 1];
      if (page) dict.set(PDFName.of('Dest'), ctx.obj([page.ref, ...viewOf(item.view)]));
      if (depth < MAX_DEPTH && item.kids.length > 0) {
        const kids = writeLevel(item.kids, pageOffset, ref, depth + 1);
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
  const top: PDFRef[] = [];
  let visible = 0;
  for (const { items, pageOffset } of placed) {
    const level = writeLevel(items, pageOffset, root, 1);
    // Each input's top level continues the previous input's.
    if (top.length > 0 && level.refs.length > 0) {
      link(top[top.length - 1], 'Next', level.refs[0]);
      link(level.refs[0], 'Prev', top[top.length - 1]);
    }
    top.push(...level.refs);
    visible += level.visible;
  }
  if (top.length === 0) return;
  ctx.assign(root, ctx.obj({ Type: 'Outlines', First: top[0], Last: top[top.length - 1], Count: visible }));
  doc.catalog.set(PDFName.of('Outlines'), root);
  // A new file renamed over the old one: a failed write never leaves half a PDF behind.
  const written = `${pdfPath}.outline`;
  await writeFile(written, await doc.save());
  await rename(written, pdfPath);
}

import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { PDFArray, PDFDocument, popGraphicsState, pushGraphicsState } from '@cantoo/pdf-lib';
import { isAppError } from '#shared/errors';
import { log } from '#shared/server/logger';
import * as qpdf from '../engines/qpdf';
import { type PageFrameBoxes, pageFrames } from '../engines/poppler';
import { readyForQpdf } from '../inputs/pdf-input';
import type { InputFile } from '../contract/processor';
import type { StampSheet } from './stamp-sheet';

/** A document about to be stamped: a file qpdf reads, and the shape of each of its pages. */
export interface StampTarget {
  path: string;
  pages: number;
  frames: PageFrameBoxes[];
}

export async function openForStamps(input: InputFile, dir: string, signal: AbortSignal): Promise<StampTarget> {
  const doc = await readyForQpdf(input, path.join(dir, 'input.pdf'), signal);
  return { path: doc.path, pages: doc.pages, frames: await pageFrames(doc.path, signal) };
}

/**
 * Lays the sheet's pages onto the document: `pairs` gives, for each page stamped (1-based, in
 * order), the stamp page it takes. Everything else of the document (text, links, forms, bookmarks)
 * is kept as it was.
 *
 * qpdf's overlay is the quick way, and right when every stamped page shows its whole media box:
 * qpdf 11.3 moves the content of a page whose crop box is a window elsewhere on its media box
 * (it centres the page's drawing on the media box), so such documents are stamped by pdf-lib.
 */
export async function applyStamps(
  target: StampTarget,
  sheet: StampSheet,
  pairs: ReadonlyArray<{ page: number; stamp: number }>,
  output: string,
  opts: { layer: 'over' | 'under'; signal: AbortSignal },
): Promise<void> {
  const stamps = `${output}.stamps.pdf`;
  await sheet.save(stamps);
  const same = (a: readonly number[], b: readonly number[]) => a.every((v, i) => Math.abs(v - b[i]) < 0.01);
  const whole = pairs.every(({ page }) => {
    const frame = target.frames[page - 1];
    return same(frame.crop, frame.media) && same(frame.trim, frame.media);
  });
  if (whole) {
    try {
      await qpdf.stampPages(target.path, stamps, output, {
        layer: opts.layer,
        to: runs(pairs.map((p) => p.page)),
        from: runs(pairs.map((p) => p.stamp)),
        signal: opts.signal,
      });
      return;
    } catch (error) {
      // qpdf must read a page's content to lay a stamp on it, and stops on a stream it cannot decode
      // (in a damaged file it repaired otherwise): pdf-lib stamps such a file without reading it.
      if (opts.signal.aborted || !isAppError(error) || error.code !== 'ENGINE_FAILED') throw error;
      log.warn('stamps: qpdf could not overlay, stamping with pdf-lib', { error: error.detail });
    }
  }
  // pdf-lib reads a file qpdf has rewritten: repaired, every stream with its true length.
  const repaired = `${output}.repaired.pdf`;
  await qpdf.rewriteRepaired(target.path, repaired, opts.signal);
  await stampWithPdfLib(repaired, stamps, pairs, output, opts.layer);
}

/** The same stamping done by pdf-lib: each stamp page embedded once as a form XObject, drawn where qpdf would put it. */
async function stampWithPdfLib(input: string, stamps: string, pairs: ReadonlyArray<{ page: number; stamp: number }>, output: string, layer: 'over' | 'under'): Promise<void> {
  const doc = await PDFDocument.load(await readFile(input), { updateMetadata: false });
  const sheet = await PDFDocument.load(await readFile(stamps));
  const forms = new Map<number, Awaited<ReturnType<typeof doc.embedPage>>>();
  for (const { page, stamp } of pairs) {
    const source = sheet.getPage(stamp - 1);
    let form = forms.get(stamp);
    if (!form) forms.set(stamp, (form = await doc.embedPage(source)));
    const target = doc.getPage(page - 1);
    // The page's own drawing is closed in q…Q, so a matrix it leaves set cannot move the stamp.
    target.node.wrapContentStreams(doc.context.register(doc.context.contentStream([pushGraphicsState()])), doc.context.register(doc.context.contentStream([popGraphicsState()])));
    const media = source.getMediaBox();
    target.drawPage(form, { x: media.x, y: media.y });
    if (layer === 'under') {
      const contents = target.node.Contents() as PDFArray;
      const stampStream = contents.get(contents.size() - 1);
      contents.remove(contents.size() - 1);
      contents.insert(0, stampStream);
    }
  }
  await writeFile(output, await doc.save({ useObjectStreams: false }));
}

/** A qpdf page list, rising runs written as ranges ("1-300" rather than three hundred numbers). */
function runs(pages: readonly number[]): string {
  const parts: string[] = [];
  for (let i = 0; i < pages.length; ) {
    let j = i;
    while (j + 1 < pages.length && pages[j + 1] === pages[j] + 1) j++;
    parts.push(j > i ? `${pages[i]}-${pages[j]}` : String(pages[i]));
    i = j + 1;
  }
  return parts.join(',');
}

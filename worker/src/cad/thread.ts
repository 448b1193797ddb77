import { readFile } from 'node:fs/promises';
import { parentPort } from 'node:worker_threads';
import type { LibreDwgEx } from '@mlightcad/libredwg-web';
import { isAppError, type ErrorCode } from '#shared/errors';
import type { CadDocument } from './document';
import { readDwg, startLibreDwg } from './dwg-reader';
import { readDxf } from './dxf-reader';
import { newPdfWithFont, sceneToPdf } from './pdf-writer';
import { onPaper } from './paper-colors';
import { buildScene, type Measure } from './scene';
import type { CadColors } from '#shared/tools/dwg-to-pdf';
import type { PaperSize } from './sheet';
import { sceneToSvg } from './svg-writer';
import { toWinAnsi } from './text';

/** What the main thread asks of a CAD thread: one file, one output. */
export interface CadJob {
  file: string;
  kind: 'dwg' | 'dxf';
  format: 'pdf' | 'svg';
  paper: PaperSize;
  colors: CadColors;
  /** Document title of the PDF. */
  title: string;
}

export type CadJobResult =
  | { ok: true; pdf?: Uint8Array; svg?: string; widthPt: number; heightPt: number; items: number }
  | { ok: false; code: ErrorCode; detail: string };

/** The whole conversion, run inside the thread so the main thread can terminate it at any point. */
export async function convertInThread(job: CadJob, libredwg?: Promise<LibreDwgEx>): Promise<CadJobResult> {
  const bytes = await readFile(job.file);
  const doc: CadDocument = job.kind === 'dwg' ? await readDwg(bytes, await libredwg) : readDxf(decodeDxf(bytes));
  const pdf = await newPdfWithFont();
  const measure: Measure = (text) => pdf.helvetica.widthOfTextAtSize(toWinAnsi(text), 1);
  const scene = onPaper(buildScene(doc, measure), job.colors);
  if (job.format === 'pdf') {
    const bytesOut = await sceneToPdf(scene, job.paper, pdf, job.title);
    return { ok: true, pdf: bytesOut, widthPt: 0, heightPt: 0, items: scene.items.length };
  }
  const { svg, widthPt, heightPt } = sceneToSvg(scene, job.paper);
  return { ok: true, svg, widthPt, heightPt, items: scene.items.length };
}

/** Windows code pages of DXF's $DWGCODEPAGE, as TextDecoder names them. */
const CODE_PAGES: Record<string, string> = { ANSI_932: 'shift_jis', ANSI_936: 'gbk', ANSI_949: 'euc-kr', ANSI_950: 'big5', ANSI_874: 'windows-874' };

/**
 * DXF from AutoCAD 2007 on is UTF-8; older files are in the code page their header names
 * ($DWGCODEPAGE, e.g. ANSI_1251), Windows-1252 when it names none we know.
 */
function decodeDxf(bytes: Uint8Array): string {
  const utf8 = new TextDecoder('utf-8', { fatal: false }).decode(bytes);
  if (!utf8.includes('\uFFFD')) return utf8;
  const page = /\$DWGCODEPAGE\s*\r?\n\s*3\s*\r?\n\s*(ANSI_\d+)/.exec(utf8.slice(0, 64 * 1024))?.[1];
  const label = page ? (CODE_PAGES[page] ?? (/^ANSI_125\d$/.test(page) ? `windows-${page.slice(5)}` : undefined)) : undefined;
  return new TextDecoder(label ?? 'windows-1252').decode(bytes);
}

/**
 * Entry point of the thread (see cad/convert.ts). By the time it runs, every module is loaded; it
 * starts LibreDWG and waits for its one job, so a thread can be warmed up before it is needed.
 */
export function main() {
  const libredwg = startLibreDwg();
  // An unhandled rejection here would end the thread before the job is even read.
  libredwg.catch(() => undefined);
  parentPort!.once('message', async (job: CadJob) => {
    let result: CadJobResult;
    try {
      result = await convertInThread(job, libredwg);
    } catch (e) {
      result = isAppError(e)
        ? { ok: false, code: e.code, detail: e.detail ?? e.message }
        : { ok: false, code: 'DRAWING_DAMAGED', detail: e instanceof Error ? `${e.name}: ${e.message}` : String(e) };
    }
    parentPort!.postMessage(result, result.ok && result.pdf ? [result.pdf.buffer as ArrayBuffer] : []);
  });
}

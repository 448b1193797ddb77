import { open } from 'node:fs/promises';
import { isAppError } from '#shared/errors';
import { pageLimitOf, tooManyPages, type ToolDefinition } from '#shared/tools/define';
import { declaredPageCount } from '../engines/qpdf';
import type { InputFile } from '../contract/processor';

/**
 * Pages of a TIFF: its chain of image directories, followed without reading any of them, and no
 * further than `stopAfter` (one past a limit is enough to refuse). Classic and BigTIFF, either byte
 * order; a chain that loops or leaves the file ends there. Undefined when the file is not a TIFF.
 */
export async function tiffPageCount(file: string, stopAfter = Infinity): Promise<number | undefined> {
  const handle = await open(file, 'r');
  try {
    const { size } = await handle.stat();
    const read = async (at: number, length: number) => {
      const buf = Buffer.alloc(length);
      const { bytesRead } = await handle.read(buf, 0, length, at);
      return bytesRead === length ? buf : undefined;
    };
    const head = await read(0, 16);
    if (!head) return undefined;
    const little = head.toString('latin1', 0, 2) === 'II';
    if (!little && head.toString('latin1', 0, 2) !== 'MM') return undefined;
    const u16 = (b: Buffer, at = 0) => (little ? b.readUInt16LE(at) : b.readUInt16BE(at));
    const u32 = (b: Buffer, at = 0) => (little ? b.readUInt32LE(at) : b.readUInt32BE(at));
    const u64 = (b: Buffer, at = 0) => Number(little ? b.readBigUInt64LE(at) : b.readBigUInt64BE(at));
    const big = u16(head, 2) === 43;
    if (!big && u16(head, 2) !== 42) return undefined;
    // Classic: 2-byte entry count, 12-byte entries, 4-byte offsets; BigTIFF: 8, 20 and 8.
    const [countBytes, entryBytes, offsetBytes] = big ? [8, 20, 8] : [2, 12, 4];
    const offsetAt = (b: Buffer, at = 0) => (big ? u64(b, at) : u32(b, at));
    const seen = new Set<number>();
    let pages = 0;
    let ifd = offsetAt(head, big ? 8 : 4);
    while (ifd !== 0 && ifd < size && !seen.has(ifd) && pages < stopAfter) {
      seen.add(ifd);
      const count = await read(ifd, countBytes);
      if (!count) break;
      pages++;
      const next = await read(ifd + countBytes + (big ? u64(count) : u16(count)) * entryBytes, offsetBytes);
      if (!next) break;
      ifd = offsetAt(next);
    }
    return pages;
  } finally {
    await handle.close();
  }
}

/** Frames of an animated GIF or WebP, from the image's metadata (sharp reads no pixels for it). */
async function frameCount(file: string): Promise<number> {
  const { default: sharp } = await import('sharp');
  return (await sharp(file, { limitInputPixels: false }).metadata()).pages ?? 1;
}

/**
 * Pages one input brings to a task, counted cheaply, stopping past `stopAfter` where the format
 * allows. Undefined when the file cannot be read this way: the processor meets it and says what is
 * wrong with it (damaged, password-protected) in its own words.
 */
async function pagesOf(input: InputFile, framesArePages: boolean, stopAfter: number, signal: AbortSignal): Promise<number | undefined> {
  try {
    if (input.kind === 'pdf') return await declaredPageCount(input.path, signal);
    if (input.kind === 'tiff') return await tiffPageCount(input.path, stopAfter);
    if ((input.kind === 'gif' || input.kind === 'webp') && framesArePages) return await frameCount(input.path);
    return 1;
  } catch (e) {
    if (signal.aborted || (isAppError(e) && e.code !== 'PDF_DAMAGED')) throw e;
    return undefined;
  }
}

/**
 * Refuses a task whose inputs hold more pages than its tool takes (`maxPages`) with TOO_MANY_PAGES
 * naming the limit, before any work: a 232 KB TIFF of 2,001 pages once cost minutes of decoding
 * before it was refused, a 100,000-page PDF ran compression to its time limit.
 */
export async function refusePastPageLimit(tool: Pick<ToolDefinition, 'maxPages' | 'framesArePages'>, inputs: readonly InputFile[], options: unknown, signal: AbortSignal) {
  const max = pageLimitOf(tool, options);
  if (max === undefined) return;
  const frames = tool.framesArePages?.(options as never) ?? false;
  let total = 0;
  for (const input of inputs) {
    total += (await pagesOf(input, frames, max - total + 1, signal)) ?? 0;
    if (total > max) throw tooManyPages(max, total);
  }
}

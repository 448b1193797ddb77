import type { ByteRange } from '#shared/server/file-store';

/** How a download answers: its status, the headers about its length, and the bytes of the file to send (none for a 416). */
export interface RangedAnswer {
  status: 200 | 206 | 416;
  headers: Record<string, string>;
  range?: ByteRange;
}

const SINGLE_RANGE = /^bytes=(\d*)-(\d*)$/;

/**
 * The answer to a download's `Range` header (RFC 9110 §14) for a file of `size` bytes: one range
 * is served as a 206 (a player seeking, a download resumed); a range past the end is a 416; no
 * header, several ranges or one that cannot be read get the whole file, which the RFC allows.
 */
export function answerRange(header: string | undefined, size: number): RangedAnswer {
  const whole: RangedAnswer = { status: 200, headers: { 'Accept-Ranges': 'bytes', 'Content-Length': String(size) } };
  const match = header?.trim().match(SINGLE_RANGE);
  if (!match || (match[1] === '' && match[2] === '')) return whole;
  let start: number;
  let end: number;
  if (match[1] === '') {
    // `bytes=-N`: the last N bytes.
    const suffix = Number(match[2]);
    [start, end] = [Math.max(0, size - suffix), size - 1];
    if (suffix === 0) start = size;
  } else {
    start = Number(match[1]);
    const last = match[2] === '' ? Infinity : Number(match[2]);
    if (last < start) return whole;
    end = Math.min(last, size - 1);
  }
  if (start >= size) return { status: 416, headers: { 'Accept-Ranges': 'bytes', 'Content-Range': `bytes */${size}` } };
  return {
    status: 206,
    headers: { 'Accept-Ranges': 'bytes', 'Content-Length': String(end - start + 1), 'Content-Range': `bytes ${start}-${end}/${size}` },
    range: { start, end },
  };
}

import { describe, expect, it } from 'vitest';
import { answerRange } from '../../api/src/services/byte-range';

describe("answerRange (a download's Range header)", () => {
  it('sends the whole file without a header, and says ranges are accepted', () => {
    expect(answerRange(undefined, 1000)).toEqual({ status: 200, headers: { 'Accept-Ranges': 'bytes', 'Content-Length': '1000' } });
  });

  it.each([
    ['bytes=0-99', { start: 0, end: 99 }],
    ['bytes=500-', { start: 500, end: 999 }],
    ['bytes=-100', { start: 900, end: 999 }],
    ['bytes=-5000', { start: 0, end: 999 }],
    ['bytes=990-5000', { start: 990, end: 999 }],
  ])('serves %s as one range, clipped to the file', (header, range) => {
    const answer = answerRange(header, 1000);
    expect(answer).toEqual({
      status: 206,
      range,
      headers: {
        'Accept-Ranges': 'bytes',
        'Content-Length': String(range.end - range.start + 1),
        'Content-Range': `bytes ${range.start}-${range.end}/1000`,
      },
    });
  });

  it.each(['bytes=1000-', 'bytes=2000-3000', 'bytes=-0'])('answers %s with 416 and the size', (header) => {
    expect(answerRange(header, 1000)).toEqual({ status: 416, headers: { 'Accept-Ranges': 'bytes', 'Content-Range': 'bytes */1000' } });
  });

  it('has no range to give of an empty file', () => {
    expect(answerRange('bytes=0-', 0).status).toBe(416);
  });

  it.each(['bytes=0-10,20-30', 'bytes=5-3', 'items=0-10', 'bytes=-', 'bytes=abc'])(
    'sends the whole file for %s (several ranges, or none it can read)',
    (header) => {
      expect(answerRange(header, 1000).status).toBe(200);
    },
  );
});

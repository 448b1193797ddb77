import { describe, expect, it } from 'vitest';
import { mapLimit } from '#shared/map-limit';

const tick = (ms: number) => new Promise((r) => setTimeout(r, ms));

describe('mapLimit', () => {
  it('keeps the order of the items whatever order the calls finish in', async () => {
    expect(await mapLimit([30, 10, 20, 0], 4, async (ms, i) => (await tick(ms), `${i}:${ms}`))).toEqual(['0:30', '1:10', '2:20', '3:0']);
  });

  it('never runs more calls at once than the limit', async () => {
    let running = 0;
    let peak = 0;
    await mapLimit(
      Array.from({ length: 12 }, (_, i) => i),
      3,
      async () => {
        peak = Math.max(peak, ++running);
        await tick(5);
        running--;
      },
    );
    expect(peak).toBe(3);
  });

  it('starts no new call after one fails, and throws that failure', async () => {
    const started: number[] = [];
    const run = mapLimit([0, 1, 2, 3, 4, 5], 2, async (i) => {
      started.push(i);
      await tick(5);
      if (i === 1) throw new Error('part 1 failed');
    });
    await expect(run).rejects.toThrow('part 1 failed');
    expect(started).toEqual([0, 1, 2]);
  });

  it('runs a batch a few tasks at a time, in order', async () => {
    let running = 0;
    let peak = 0;
    const started: number[] = [];
    await mapLimit([1, 2, 3, 4, 5, 6, 7], 3, async (n) => {
      started.push(n);
      peak = Math.max(peak, ++running);
      await new Promise((r) => setTimeout(r, 5));
      running--;
    });
    expect(started).toEqual([1, 2, 3, 4, 5, 6, 7]);
    expect(peak).toBe(3);
  });
});

import { describe, expect, it } from 'vitest';
import { TOOLS, getTool, toolSlugs } from '../../shared/src/tools';

describe('tool registry', () => {
  it('declares every tool once, with its route slug as id', () => {
    const ids = TOOLS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(28);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('marks merge, split and compress as built and the rest as unavailable', () => {
    expect(TOOLS.filter((t) => t.built).map((t) => t.id).sort()).toEqual(['compress-pdf', 'merge-pdf', 'split-pdf']);
  });

  it('keeps file counts consistent', () => {
    for (const t of TOOLS) expect(t.minFiles).toBeLessThanOrEqual(t.maxFiles);
    expect(getTool('merge-pdf')!.minFiles).toBe(2);
  });

  it('routes /shrink-pdf to compress', () => {
    expect(toolSlugs()).toContainEqual({ slug: 'shrink-pdf', toolId: 'compress-pdf' });
  });

  it('validates split and compress options', () => {
    const split = getTool('split-pdf')!.options;
    expect(split.safeParse({ splitcount: '2' }).data).toEqual({ splitcount: 2 });
    expect(split.safeParse({ splitcount: 0 }).success).toBe(false);
    expect(split.safeParse({ splitcount: '1.5' }).success).toBe(false);
    expect(split.safeParse({ pages: '1-3,5,8-' }).success).toBe(true);
    expect(split.safeParse({ pages: '3-1' }).success).toBe(false);
    const compress = getTool('compress-pdf')!.options;
    expect(compress.parse({})).toEqual({ compress: '70' });
    expect(compress.safeParse({ compress: 'custom' }).success).toBe(false);
    expect(compress.safeParse({ compress: 'custom', rate: 150 }).success).toBe(true);
    expect(compress.safeParse({ compress: 'custom', rate: 99 }).success).toBe(false);
    expect(compress.safeParse({ compress: '55' }).success).toBe(false);
  });
});

import { describe, expect, it } from 'vitest';
import { TOOLS, getTool, toolSlugs } from '#shared/tools';
import { PROCESSORS, unavailable } from '../../worker/src/processors';

describe('tool registry', () => {
  it('declares every tool once, with its route slug as id', () => {
    const ids = TOOLS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    expect(ids).toHaveLength(28);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('gives every built tool a processor of its own and every other tool the refusal', () => {
    for (const t of TOOLS) expect(PROCESSORS[t.id] === unavailable, t.id).toBe(!t.built);
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

  it('validates the organize and security options', () => {
    expect(getTool('protect-pdf')!.options.safeParse({ userpassword: '' }).error!.issues[0].message).toBe('PASSWORD_EMPTY');
    expect(getTool('protect-pdf')!.options.parse({ userpassword: 'ab' })).toEqual({ userpassword: 'ab', encryption: 'aes128' });
    expect(getTool('protect-pdf')!.options.safeParse({ userpassword: 'x'.repeat(21) }).success).toBe(false);
    expect(getTool('rotate-pdf')!.options.parse({ angle: '270' })).toEqual({ angle: 270 });
    expect(getTool('rotate-pdf')!.options.safeParse({ angle: 45 }).success).toBe(false);
    expect(getTool('organize-pdf')!.options.safeParse({ order: '3,1r90,2' }).success).toBe(true);
    expect(getTool('organize-pdf')!.options.safeParse({ order: '3,1r45' }).success).toBe(false);
  });
});

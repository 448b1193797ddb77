import { describe, expect, it } from 'vitest';
import { COMPRESS_PERCENTAGES } from '#shared/tools/compress-pdf';
import { getTool } from '#shared/tools';
import { imageProfile } from '../../worker/src/processors/compress-pdf';

const profileFor = (raw: Record<string, unknown>) =>
  imageProfile(getTool('compress-pdf')!.options.parse(raw) as Parameters<typeof imageProfile>[0]);

describe('compression levels', () => {
  it('makes high the strongest level: 72 dpi, the lowest JPEG quality', () => {
    const high = profileFor({ compress: 'high' });
    expect(high.dpi).toBe(72);
    for (const p of COMPRESS_PERCENTAGES) expect(profileFor({ compress: p }).jpegQuality).toBeGreaterThanOrEqual(high.jpegQuality);
  });

  it('orders low, medium, high from lightest to strongest', () => {
    const [low, medium, high] = ['low', 'medium', 'high'].map((compress) => profileFor({ compress }));
    expect(low.dpi).toBeGreaterThan(medium.dpi);
    expect(medium.dpi).toBeGreaterThan(high.dpi);
    expect(low.jpegQuality).toBeGreaterThan(medium.jpegQuality);
    expect(medium.jpegQuality).toBeGreaterThan(high.jpegQuality);
  });

  it('squeezes harder as the percentage goes down from 90 to 10', () => {
    const profiles = [...COMPRESS_PERCENTAGES].map((compress) => profileFor({ compress }));
    for (let i = 1; i < profiles.length; i++) {
      expect(profiles[i].dpi).toBeLessThan(profiles[i - 1].dpi);
      expect(profiles[i].jpegQuality).toBeLessThanOrEqual(profiles[i - 1].jpegQuality);
    }
  });

  it('defaults to 70 and takes the percentage as a number too', () => {
    expect(profileFor({})).toEqual(profileFor({ compress: '70' }));
    expect(profileFor({ compress: 30 })).toEqual(profileFor({ compress: '30' }));
  });

  it('uses the custom rate as the resolution', () => {
    expect(profileFor({ compress: 'custom', rate: 120 }).dpi).toBe(120);
    expect(profileFor({ compress: 'custom', rate: '300' })).toEqual(profileFor({ compress: '90' }));
  });
});

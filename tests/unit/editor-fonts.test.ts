import { describe, expect, it } from 'vitest';
import { fitLine, MAX_TIGHTEN } from '../../worker/src/editor/fit-line';
import { closestFamily } from '../../worker/src/editor/fonts';

describe('the shipped family standing in for a document font', () => {
  it.each([
    ['TACTGM+NimbusRomNo9L-Medi', 'serif'],
    ['ABCDEF+CMR10', 'serif'],
    ['TimesNewRomanPS-BoldMT', 'serif'],
    ['RRLDLB+CMTT9', 'mono'],
    ['CourierNewPSMT', 'mono'],
    ['ArialMT', 'sans'],
    ['DejaVuSans', 'sans'],
    ['ABCDEF+CMSY8', 'sans'],
  ])('%s → %s', (name, family) => expect(closestFamily(name)).toBe(family));
});

describe('the family read from a font that names none', () => {
  it.each([
    ['ABCDEF+F1', 0b10, 'serif'],
    ['ABCDEF+F2', 0b1, 'mono'],
    ['ABCDEF+F3', 0b100000, 'sans'],
    // A name that says stands before the flags (some producers set Serif on every font).
    ['ABCDEF+ArialMT', 0b10, 'sans'],
    ['ABCDEF+Georgia', 0, 'serif'],
    ['ABCDEF+LiberationSerif', 0b100, 'serif'],
  ])('%s with flags %i → %s', (name, flags, family) => expect(closestFamily(name, flags)).toBe(family));
});

describe('fitting a rewritten line to the old one', () => {
  it('leaves a line that fits as it is', () => expect(fitLine(90, 20, 12, 100)).toEqual({ size: 12, spacing: 0, fitted: false }));

  it('tightens a line a little too long, at its own size', () => {
    const fit = fitLine(105, 20, 12, 100);
    expect(fit).toMatchObject({ size: 12, fitted: true });
    expect(105 + 20 * fit.spacing).toBeCloseTo(100);
    expect(fit.spacing).toBeGreaterThanOrEqual(-MAX_TIGHTEN * 12);
  });

  it('tightens as far as it goes, then sets a much longer line smaller so it ends where the room ends', () => {
    const fit = fitLine(200, 40, 12, 100);
    expect(fit.size).toBeLessThan(12);
    expect(fit.spacing).toBeCloseTo(-MAX_TIGHTEN * fit.size);
    expect((200 * fit.size) / 12 + 40 * fit.spacing).toBeCloseTo(100);
  });

  it('leaves a line alone when nothing is known of the room', () => expect(fitLine(200, 40, 12, 0).fitted).toBe(false));
});

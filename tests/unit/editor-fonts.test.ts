import { describe, expect, it } from 'vitest';
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

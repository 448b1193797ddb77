import { describe, expect, it } from 'vitest';
import { characterErrorRate, editDistance, normaliseForCer } from '../../worker/src/ocr/cer';

describe('character error rate', () => {
  it('counts insertions, deletions and substitutions', () => {
    expect(editDistance('kitten', 'sitting')).toBe(3);
    expect(editDistance('', 'abc')).toBe(3);
    expect(editDistance('abc', '')).toBe(3);
    expect(editDistance('flaw', 'lawn')).toBe(2);
    expect(editDistance('same', 'same')).toBe(0);
  });

  it('compares characters, not UTF-16 units', () => {
    expect(editDistance('a😀b', 'a😃b')).toBe(1);
    expect(editDistance('œuvre', 'oeuvre')).toBe(2);
  });

  it('divides the distance by the length of the reference', () => {
    expect(characterErrorRate('hallo world', 'hello world')).toBeCloseTo(1 / 11);
    expect(characterErrorRate('', 'abcd')).toBe(1);
    expect(characterErrorRate('', '')).toBe(0);
    expect(characterErrorRate('x', '')).toBe(1);
  });

  it('ignores line breaks and runs of spaces, not reading order', () => {
    expect(characterErrorRate('Portez ce\n  vieux\twhisky\n', 'Portez ce vieux whisky')).toBe(0);
    expect(characterErrorRate('whisky vieux', 'vieux whisky')).toBeGreaterThan(0.5);
  });

  it('treats composed and decomposed accents alike', () => {
    expect(normaliseForCer('e\u0301te\u0301')).toBe('été');
    expect(characterErrorRate('e\u0301te\u0301', 'été')).toBe(0);
  });
});

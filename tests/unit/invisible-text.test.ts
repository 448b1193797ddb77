import { describe, expect, it } from 'vitest';
import { stripContent } from '../../worker/src/ocr/invisible-text';

const strip = (content: string, mode = 0) => {
  const { content: out, forms } = stripContent(Buffer.from(content, 'latin1'), mode);
  return { out: out.toString('latin1'), forms };
};

describe('removing invisible text from a content stream', () => {
  it('drops the words shown in rendering mode 3 and keeps the visible ones', () => {
    const { out } = strip('BT /F1 12 Tf 3 Tr 10 10 Td (old ocr) Tj [(a) -20 (b)] TJ 0 Tr (seen) Tj ET');
    expect(out).not.toContain('old ocr');
    expect(out).not.toMatch(/\(a\)/);
    expect(out).toContain('0 Tr (seen) Tj');
    expect(out).toContain('/F1 12 Tf 3 Tr 10 10 Td');
  });

  it('keeps the line moves of the quote operators it drops', () => {
    expect(strip("BT 3 Tr (x) ' 1 2 (y) \" ET").out.replace(/\s+/g, ' ')).toBe('BT 3 Tr T* 1 Tw 2 Tc T* ET');
  });

  it('restores the rendering mode with Q, and starts from the mode a form is drawn with', () => {
    expect(strip('q 3 Tr Q BT (kept) Tj ET').out).toContain('(kept) Tj');
    expect(strip('BT (hidden) Tj ET', 3).out).not.toContain('hidden');
  });

  it('reads strings with parentheses and escapes, and leaves inline image data alone', () => {
    const { out } = strip('BT 3 Tr (a (nested) \\) Tj) Tj ET BI /W 2 /H 1 /BPC 8 /CS /G ID \x00Tj) EI Q');
    expect(out).not.toContain('nested');
    expect(out).toContain('ID \x00Tj) EI Q');
  });

  it('names the forms it draws with the mode in force', () => {
    const { forms } = strip('/Im0 Do 3 Tr /Fm1 Do');
    expect([...forms]).toEqual([
      ['Im0', 0],
      ['Fm1', 3],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { removeHiddenContent } from '../../worker/src/processors/hidden-content';

const hidden = { properties: new Set(['Off']), xobjects: new Set(['Fx']) };
const run = (content: string) => {
  const { data, removed } = removeHiddenContent(Buffer.from(content, 'latin1'), hidden);
  return { text: data.toString('latin1').replace(/\s+/g, ' ').trim(), removed };
};

describe('removeHiddenContent', () => {
  it('takes out what a hidden section paints and keeps the state the content after it relies on', () => {
    const { text, removed } = run('/OC /Off BDC 1 0 0 rg 2 w BT /F1 9 Tf 10 20 Td (secret) Tj [(a) 2 (b)] TJ ET 0 0 5 5 re f EMC 0 0 9 9 re f');
    expect(removed).toBe(1);
    expect(text).toBe('1 0 0 rg 2 w BT /F1 9 Tf 10 20 Td ET 0 0 9 9 re f');
  });

  it('keeps a hidden clipping path unpainted, and the line moves of the quote operators', () => {
    const { text } = run(`/OC /Off BDC 0 0 5 5 re W f BT (x) ' 1 2 (y) " ET EMC`);
    expect(text).toBe('0 0 5 5 re W n BT T* 1 Tw 2 Tc T* ET');
  });

  it('removes inline images and XObjects inside a hidden section, and a hidden XObject anywhere', () => {
    const { text, removed } = run('/OC /Off BDC BI /W 1 /H 1 /BPC 8 /CS /G ID \x00EI\x01 EI /Im1 Do EMC /Fx Do /Other Do');
    expect(removed).toBe(2);
    expect(text).toBe('/Other Do');
  });

  it('leaves visible layers, other marked content and strings that look like operators alone', () => {
    const content = '/OC /On BDC /Span << /ActualText (EMC BDC) >> BDC (EMC) Tj EMC EMC';
    expect(run(content)).toEqual({ text: content, removed: 0 });
  });

  it('matches the hidden section to its own EMC across nested marked content', () => {
    const { text } = run('/OC /Off BDC /P << /MCID 0 >> BDC (a) Tj EMC EMC (b) Tj');
    expect(text).toBe('/P << /MCID 0 >> BDC EMC (b) Tj');
  });
});

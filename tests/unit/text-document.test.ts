import { describe, expect, it } from 'vitest';
import { decodeText } from '../../worker/src/inputs/office-input';
import { csvSeparator } from '../../worker/src/processors/excel-to-pdf';
import { isRightToLeft, textToFlatOdt } from '../../worker/src/inputs/text-to-fodt';

const paragraphs = (xml: string) => [...xml.matchAll(/<text:p text:style-name="(\w+)">(.*?)<\/text:p>/g)].map((m) => ({ style: m[1], body: m[2] }));

describe('textToFlatOdt', () => {
  it('makes a paragraph per line and a page break per form feed', () => {
    const ps = paragraphs(textToFlatOdt('one\ntwo\n\fthree\n\ffour\n'));
    expect(ps.map((p) => p.body)).toEqual(['one', 'two', 'three', 'four']);
    expect(ps.map((p) => p.style)).toEqual(['L', 'L', 'LB', 'LB']);
    // Blank lines stay, and two form feeds in a row leave a blank page.
    expect(paragraphs(textToFlatOdt('a\n\nb\f\fc')).map((p) => [p.style, p.body])).toEqual([['L', 'a'], ['L', ''], ['L', 'b'], ['LB', ''], ['LB', 'c']]);
  });

  it('keeps runs of spaces, leading spaces and tabs, which ODF would collapse', () => {
    const [p] = paragraphs(textToFlatOdt('  a   b\tc d'));
    expect(p.body).toBe('<text:s text:c="2"/>a <text:s text:c="2"/>b<text:tab/>c d');
  });

  it('escapes markup and drops characters XML cannot hold', () => {
    const [p] = paragraphs(textToFlatOdt('<b>&amp;\u0001\u0007 "x"'));
    expect(p.body).toBe('&lt;b&gt;&amp;amp; "x"');
  });

  it('runs lines right to left when their first strong character is Hebrew or Arabic', () => {
    expect(isRightToLeft('12. שלום world')).toBe(true);
    expect(isRightToLeft('  مرحبا')).toBe(true);
    expect(isRightToLeft('Hello שלום')).toBe(false);
    expect(isRightToLeft('中文')).toBe(false);
    expect(isRightToLeft('123 456')).toBe(false);
    expect(paragraphs(textToFlatOdt('abc\nשלום\n\fمرحبا')).map((p) => p.style)).toEqual(['L', 'R', 'RB']);
  });

  it('treats CRLF and CR line ends like LF', () => {
    expect(paragraphs(textToFlatOdt('a\r\nb\rc')).map((p) => p.body)).toEqual(['a', 'b', 'c']);
  });
});

describe('decodeText', () => {
  it('reads UTF-8 with or without a byte order mark', () => {
    expect(decodeText(Buffer.from('\uFEFFcafé 中文'))).toEqual({ text: 'café 中文', encoding: 'utf-8' });
    expect(decodeText(Buffer.from('naïve'))).toEqual({ text: 'naïve', encoding: 'utf-8' });
  });

  it('reads anything else as Windows-1252, € and curly quotes included', () => {
    expect(decodeText(Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80, 0x93, 0x97, 0x94]))).toEqual({ text: 'Café €“—”', encoding: 'windows-1252' });
  });
});

describe('csvSeparator', () => {
  it('finds the separator that splits the lines evenly', () => {
    expect(csvSeparator('a,b,c\n1,2,3\n')).toBe(',');
    expect(csvSeparator('Produit;Montant\nCafé;12,50\nThé;8,75\n')).toBe(';');
    expect(csvSeparator('a\tb\n1\t2\n')).toBe('\t');
    expect(csvSeparator('"x, y";z\n"u, v";w\n')).toBe(';');
    expect(csvSeparator('just one column\n')).toBe(',');
  });
});

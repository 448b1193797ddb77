import { describe, expect, it } from 'vitest';
import { lineOf } from '../../worker/src/pdf-to-office/lines';
import { Lexicon, markHeadings, paragraphsOf, paragraphText, type Paragraph } from '../../worker/src/pdf-to-office/paragraphs';
import type { TextRun } from '../../worker/src/pdf-to-office/types';

/** A run of 10 pt text: 5 pt a character, its box from its top. */
function run(text: string, x: number, y: number, more: Partial<TextRun> = {}): TextRun {
  const fontSize = more.fontSize ?? 10;
  return { text, x, y, width: 0.5 * fontSize * [...text].length, height: fontSize, fontSize, fontName: 'Times-Roman', ...more };
}
/** Lines of one run each, 12 pt apart, from the left margin at 70. */
const lines = (texts: string[], top = 100, x = 70) => texts.map((t, i) => lineOf([run(t, x, top + 12 * i)]));
const column = { x0: 70, y0: 0, x1: 320, y1: 800 };
const texts = (ps: Paragraph[]) => ps.map(paragraphText);

describe('lines', () => {
  it('puts spaces back from the gaps between runs, none inside a word set in two runs', () => {
    const line = lineOf([run('Hello', 70, 100), run('world', 98, 100), run('wide', 126, 100), run('r', 146, 100)]);
    expect(line.text).toBe('Hello world wider');
  });

  it('makes one letter of an accent drawn over the letter after it', () => {
    // TeX's "naïve": the diaeresis a glyph of its own, over a dotless i.
    expect(lineOf([run('a na¨', 70, 100), run('ıve way', 92, 100)]).text).toBe('a naïve way');
  });

  it('reads a right-to-left line from the right, numbers in it left to right', () => {
    const line = lineOf([run('2020', 70, 100, { dir: 'ltr' }), run('עולם', 100, 100, { dir: 'rtl' }), run('שלום', 130, 100, { dir: 'rtl' })]);
    expect(line.rtl).toBe(true);
    expect(line.text).toBe('שלום עולם 2020');
  });

  it('writes no spaces between Chinese characters set in separate runs', () => {
    expect(lineOf([run('标准', 70, 100), run('模型', 81, 100)]).text).toBe('标准模型');
  });
});

describe('paragraphs', () => {
  it('joins the lines of a justified paragraph, undoing the hyphen of a word broken at a line end', () => {
    const ps = paragraphsOf(lines(['Dynamic languages such as JavaScript are more diffi-', 'cult to compile than statically typed ones, since no', 'concrete type information is available.']), column);
    expect(texts(ps)).toEqual(['Dynamic languages such as JavaScript are more difficult to compile than statically typed ones, since no concrete type information is available.']);
  });

  it("keeps a broken word's hyphen when the document writes the word with it elsewhere", () => {
    const lexicon = new Lexicon();
    lexicon.learn('checked at run-time, as always');
    const ps = paragraphsOf(lines(['The types of the values are checked at run-', 'time when the interpreter sees them first, as the', 'paper explains.']), column, lexicon);
    expect(paragraphText(ps[0])).toContain('checked at run-time when');
  });

  it('joins a word broken before a capital without a space, whole when the document writes it whole', () => {
    const lexicon = new Lexicon();
    lexicon.learn('TraceMonkey is fast');
    const ps = paragraphsOf(lines(['We call the resulting tracing VM the one Trace-', 'Monkey, and the numbers use the standard IEEE-', '754 format.']), column, lexicon);
    expect(paragraphText(ps[0])).toBe('We call the resulting tracing VM the one TraceMonkey, and the numbers use the standard IEEE-754 format.');
  });

  it('starts a paragraph at an indented first line, and after a line ended short of the margin', () => {
    const ps = paragraphsOf(
      [
        ...lines(['The first paragraph runs over two full lines of this', 'column and ends here.']),
        lineOf([run('The second one starts indented and runs on as', 82, 124)]),
        ...lines(['far as the margin of this column goes, like this.'], 136),
      ],
      column,
    );
    expect(texts(ps)).toEqual(['The first paragraph runs over two full lines of this column and ends here.', 'The second one starts indented and runs on as far as the margin of this column goes, like this.']);
    expect(ps[1].firstLine).toBeGreaterThan(0);
  });

  it('keeps a ragged line that stops mid-sentence in its paragraph', () => {
    const ps = paragraphsOf(lines(['This section of the register holds the', 'notices to the public of the proposed', 'issuance of rules and regulations. The', 'purpose of these notices is to give all', 'persons a chance to take part.']), column);
    expect(ps).toHaveLength(1);
  });

  it('makes list items of bulleted and numbered lines, without their markers', () => {
    const ps = paragraphsOf(lines(['• First item of the list', '• Second item', '1. Numbered one', '2. Numbered two']), column);
    expect(texts(ps)).toEqual(['First item of the list', 'Second item', 'Numbered one', 'Numbered two']);
    expect(ps.map((p) => p.list?.kind)).toEqual(['bullet', 'bullet', 'number', 'number']);
    expect(ps[3].list).toMatchObject({ format: 'decimal', value: 2, pattern: '%1.' });
  });

  it('measures line pitch and the space above a paragraph from baselines', () => {
    const ps = paragraphsOf([...lines(['A first paragraph of two lines that fill the column', 'and a short end.']), ...lines(['A second paragraph, set 6 pt further down than its', 'lines are apart.'], 130)], column);
    expect(ps[0].lineHeight).toBeCloseTo(1.2);
    expect(ps[1].spaceBefore).toBeCloseTo(6);
  });
});

describe('headings', () => {
  it('gives larger short lines levels by size, and a bold line at body size the level after', () => {
    const para = (text: string, size: number, bold = false) => paragraphsOf([lineOf([run(text, 70, 100, { fontSize: size, bold })])], column)[0];
    const body = paragraphsOf(lines(['Body text that runs on for a good many words in this', 'column, so that its size is the body size of it all,', 'and then some more of it.']), column)[0];
    const ps = [para('Title of the paper', 18), para('1 Introduction', 14), body, para('Related work', 10, true), body, para('$ = 0 to 50 000', 14)];
    markHeadings(ps);
    expect(ps.map((p) => p.heading)).toEqual([1, 2, undefined, 3, undefined, undefined]);
  });
});

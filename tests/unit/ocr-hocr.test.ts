import { describe, expect, it } from 'vitest';
import { parseHocr } from '../../worker/src/ocr/hocr';

// Cut from what tesseract.js 7 wrote for tests/fixtures/scanned/ocrmypdf_linn.png (one block of
// two header lines, then a paragraph with escaped characters), and a line set at an angle as
// Tesseract's renderer writes one (no baseline, a textangle) with a word in a second language.
const HOCR = `<div class='ocr_page' id='page_1' title='image "unknown"; bbox 0 0 2550 3300; ppageno 0; scan_res 300 300'>
 <div class='ocr_carea' id='block_1_1' title="bbox 582 131 1968 303">
  <p class='ocr_par' id='par_1_1' lang='eng' title="bbox 582 131 1968 303">
   <span class='ocr_header' id='line_1_1' title="bbox 882 131 1657 217; baseline 0.001 -17; x_size 85; x_descenders 16; x_ascenders 19">
    <span class='ocrx_word' id='word_1_1' title='bbox 882 132 1036 202; x_wconf 93'>The</span>
    <span class='ocrx_word' id='word_1_2' title='bbox 1061 131 1657 217; x_wconf 90'>LinnSequencer</span>
   </span>
   <span class='ocr_header' id='line_1_2' title="bbox 582 215 1968 303; baseline 0 -17; x_size 87; x_descenders 16; x_ascenders 21">
    <span class='ocrx_word' id='word_1_3' title='bbox 582 215 674 286; x_wconf 96'>32</span>
   </span>
  </p>
 </div>
 <div class='ocr_carea' id='block_1_5' title="bbox 349 748 2117 793">
  <p class='ocr_par' id='par_1_7' lang='eng' title="bbox 349 748 2117 793">
   <span class='ocr_line' id='line_1_10' title="bbox 349 748 2117 793; baseline 0 -9; x_size 45; x_descenders 9; x_ascenders 11">
    <span class='ocrx_word' id='word_1_86' title='bbox 588 749 677 784; x_wconf 25'>3/2&quot;</span>
    <span class='ocrx_word' id='word_1_191' title='bbox 346 1457 430 1490; x_wconf 67'><strong>you&#39;ll</strong></span>
   </span>
   <span class='ocr_textfloat' id='line_1_11' title="bbox 10 20 40 400; textangle 90; x_size 30; x_descenders 6; x_ascenders 8">
    <span class='ocrx_word' id='word_1_192' title='bbox 10 20 40 400; x_wconf 88' lang='fra' dir='ltr'>Été</span>
   </span>
  </p>
 </div>
</div>`;

describe('hOCR', () => {
  const [first, second] = parseHocr(HOCR);

  it('keeps paragraphs, their lines and their words in order', () => {
    expect(first.box).toEqual({ x0: 582, y0: 131, x1: 1968, y1: 303 });
    expect(first.lines.map((l) => l.words.map((w) => w.text))).toEqual([['The', 'LinnSequencer'], ['32']]);
    expect(first.lines[0].words[1]).toEqual({ text: 'LinnSequencer', confidence: 90, box: { x0: 1061, y0: 131, x1: 1657, y1: 217 } });
    expect(second.lines.map((l) => l.words.map((w) => w.text))).toEqual([['3/2"', "you'll"], ['Été']]);
  });

  it('puts the baseline back in page pixels, from the bottom left of the line', () => {
    // Offset -17 from the bottom (217), rising 0.001 px per px over the line's 775 px.
    expect(first.lines[0].baseline).toEqual({ x0: 882, y0: 200, x1: 1657, y1: 201 });
    expect(first.lines[0].rowHeight).toBe(85);
  });

  it('sits a line without a baseline on the bottom of its box', () => {
    expect(second.lines[1].baseline).toEqual({ x0: 10, y0: 400, x1: 40, y1: 400 });
    expect(second.lines[1].rowHeight).toBe(30);
  });
});

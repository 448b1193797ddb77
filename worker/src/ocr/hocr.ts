import type { OcrLine, OcrParagraph, PixelBox } from './ocr-engine';

/**
 * Tesseract's hOCR, read back into paragraphs, lines and words. Tesseract writes it in C++ in one
 * pass; tesseract.js's block tree (`blocks`) is a JSON of every symbol and its alternatives,
 * parsed again in JavaScript, and costs a tenth of the page's recognition time.
 *
 * The tags and properties are those of Tesseract's hOCR renderer: `ocr_par` paragraphs holding
 * lines (`ocr_line`, or `ocr_header`, `ocr_caption`, `ocr_textfloat` for lines it classed), which
 * hold `ocrx_word` spans; `bbox x0 y0 x1 y1`, `baseline slope offset` (from the line box's bottom
 * left corner), `x_size` (the row height) and `x_wconf` (the word's confidence).
 */
const TAG =
  /<p class='ocr_par'[^>]*?title=(["'])(.*?)\1|<span class='(?:ocr_line|ocr_header|ocr_caption|ocr_textfloat)'[^>]*?title=(["'])(.*?)\3|<span class='ocrx_word'[^>]*?title=(["'])(.*?)\5[^>]*>(.*?)<\/span>/g;

const ENTITIES: Record<string, string> = { amp: '&', lt: '<', gt: '>', quot: '"', apos: "'" };

function unescape(html: string): string {
  return html.replace(/<[^>]*>/g, '').replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, name: string) => {
    if (name[0] !== '#') return ENTITIES[name] ?? whole;
    return String.fromCodePoint(name[1] === 'x' || name[1] === 'X' ? parseInt(name.slice(2), 16) : Number(name.slice(1)));
  });
}

/** The `name value…` properties of a title attribute. */
function properties(title: string): Map<string, number[]> {
  const found = new Map<string, number[]>();
  for (const part of title.split(';')) {
    const [name, ...values] = part.trim().split(/\s+/);
    found.set(name, values.map(Number));
  }
  return found;
}

function bbox(props: Map<string, number[]>): PixelBox {
  const [x0, y0, x1, y1] = props.get('bbox') ?? [0, 0, 0, 0];
  return { x0, y0, x1, y1 };
}

function line(props: Map<string, number[]>): OcrLine {
  const box = bbox(props);
  const [slope, offset] = props.get('baseline') ?? [];
  // A line without a baseline (text set at an angle) sits on the bottom of its box.
  const baseline =
    slope === undefined
      ? { x0: box.x0, y0: box.y1, x1: box.x1, y1: box.y1 }
      : { x0: box.x0, y0: Math.round(box.y1 + offset), x1: box.x1, y1: Math.round(box.y1 + offset + slope * (box.x1 - box.x0)) };
  return { words: [], box, baseline, rowHeight: props.get('x_size')?.[0] ?? box.y1 - box.y0 };
}

export function parseHocr(hocr: string): OcrParagraph[] {
  const paragraphs: OcrParagraph[] = [];
  for (const m of hocr.matchAll(TAG)) {
    if (m[2] !== undefined) paragraphs.push({ box: bbox(properties(m[2])), lines: [] });
    else if (m[4] !== undefined) paragraphs.at(-1)?.lines.push(line(properties(m[4])));
    else {
      const props = properties(m[6]);
      paragraphs
        .at(-1)
        ?.lines.at(-1)
        ?.words.push({ text: unescape(m[7]), confidence: props.get('x_wconf')?.[0] ?? 0, box: bbox(props) });
    }
  }
  return paragraphs;
}

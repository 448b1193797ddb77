import { CLOSE, CURVE, LINE, MOVE, multiply, scaleOf, type Matrix } from './geometry';
import type { Scene } from './scene';
import { fitSheet, num, strokeWidthPt, type PaperSize } from './sheet';

const hex = (c: number) => `#${(c & 0xffffff).toString(16).padStart(6, '0')}`;
const escapeXml = (s: string) =>
  s.replace(/[&<>"]/g, (c) => ({ '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' })[c]!).replace(/[\u0000-\u0008\u000b\u000c\u000e-\u001f]/g, '');

/**
 * Writes the scene as an SVG sheet (sizes in points, y down), laid out exactly like the PDF page,
 * for rasterising to JPG. Text keeps every character (the rasteriser has fonts for most scripts).
 */
export function sceneToSvg(scene: Scene, paper: PaperSize): { svg: string; widthPt: number; heightPt: number } {
  const sheet = fitSheet(scene.bounds, paper);
  // Sheet points (y up) to SVG user units (y down).
  const flip: Matrix = [1, 0, 0, -1, 0, sheet.height];
  const m = multiply(flip, sheet.matrix);
  const X = (x: number, y: number) => num(m[0] * x + m[2] * y + m[4]);
  const Y = (x: number, y: number) => num(m[1] * x + m[3] * y + m[5]);
  const parts: string[] = [
    `<svg xmlns="http://www.w3.org/2000/svg" width="${num(sheet.width)}" height="${num(sheet.height)}" viewBox="0 0 ${num(sheet.width)} ${num(sheet.height)}">`,
    `<rect width="100%" height="100%" fill="#ffffff"/>`,
    `<g stroke-linecap="round" stroke-linejoin="round">`,
  ];
  for (const item of scene.items) {
    if (item.kind === 'text') {
      // Text space has y up; SVG glyphs are drawn y down, hence the extra flip.
      const t = multiply(multiply(m, item.matrix), [1, 0, 0, -1, 0, 0]);
      const size = scaleOf(t);
      if (!(size > 0)) continue;
      const unit = t.map((v, i) => (i < 4 ? v / size : v));
      parts.push(
        `<text transform="matrix(${unit.map(num).join(' ')})" font-family="Helvetica, Arial, 'Liberation Sans', sans-serif" font-size="${num(size)}" fill="${hex(item.rgb)}">${escapeXml(item.text)}</text>`,
      );
      continue;
    }
    let d = '';
    const ops = item.ops;
    for (let i = 0; i < ops.length; ) {
      const op = ops[i];
      if (op === MOVE || op === LINE) {
        d += `${op === MOVE ? 'M' : 'L'}${X(ops[i + 1], ops[i + 2])} ${Y(ops[i + 1], ops[i + 2])}`;
        i += 3;
      } else if (op === CURVE) {
        d += `C${X(ops[i + 1], ops[i + 2])} ${Y(ops[i + 1], ops[i + 2])} ${X(ops[i + 3], ops[i + 4])} ${Y(ops[i + 3], ops[i + 4])} ${X(ops[i + 5], ops[i + 6])} ${Y(ops[i + 5], ops[i + 6])}`;
        i += 7;
      } else if (op === CLOSE) {
        d += 'Z';
        i += 1;
      } else break;
    }
    if (item.kind === 'fill') parts.push(`<path d="${d}" fill="${hex(item.rgb)}" fill-rule="evenodd" stroke="none"/>`);
    else parts.push(`<path d="${d}" fill="none" stroke="${hex(item.rgb)}" stroke-width="${num(strokeWidthPt(sheet, item.weightMm, item.widthUnits))}"/>`);
  }
  parts.push('</g>', '</svg>');
  return { svg: parts.join('\n'), widthPt: sheet.width, heightPt: sheet.height };
}

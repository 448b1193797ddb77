import { PDFDocument, PDFName, StandardFonts, type PDFFont } from 'pdf-lib';
import { CLOSE, CURVE, LINE, MOVE, multiply } from './geometry';
import type { Scene, SceneItem } from './scene';
import { fitSheet, num, strokeWidthPt, type PaperSize, type Sheet } from './sheet';
import { toWinAnsi } from './text';

/**
 * Writes the scene as one vector PDF page: paths as PDF path operators, text as real text in
 * Helvetica (searchable and selectable). The content stream is written directly rather than
 * through pdf-lib's drawing API, which builds an object per operator and is slow for large drawings.
 */
export async function sceneToPdf(scene: Scene, paper: PaperSize, font: { doc: PDFDocument; helvetica: PDFFont }, title: string): Promise<Uint8Array> {
  const { doc, helvetica } = font;
  const sheet = fitSheet(scene.bounds, paper);
  const page = doc.addPage([sheet.width, sheet.height]);
  const content = contentStream(scene.items, sheet, helvetica);
  const stream = doc.context.flateStream(content);
  page.node.addContentStream(doc.context.register(stream));
  page.node.setFontDictionary(PDFName.of('F1'), helvetica.ref);
  doc.setTitle(title);
  doc.setProducer('Sheaf');
  doc.setCreator('Sheaf DWG to PDF');
  return doc.save();
}

/** A PDF document and the standard font, created once: the scene is measured with the same font. */
export async function newPdfWithFont() {
  const doc = await PDFDocument.create();
  const helvetica = await doc.embedFont(StandardFonts.Helvetica);
  return { doc, helvetica };
}

const rgb = (c: number) => `${num(((c >> 16) & 0xff) / 255)} ${num(((c >> 8) & 0xff) / 255)} ${num((c & 0xff) / 255)}`;

function contentStream(items: readonly SceneItem[], sheet: Sheet, font: PDFFont): string {
  const m = sheet.matrix;
  const out: string[] = ['1 J 1 j'];
  const X = (x: number, y: number) => num(m[0] * x + m[2] * y + m[4]);
  const Y = (x: number, y: number) => num(m[1] * x + m[3] * y + m[5]);
  let strokeStyle = '';
  let fillColor = '';
  let pathOpen = false;
  const flushStroke = () => {
    if (pathOpen) out.push('S');
    pathOpen = false;
  };
  for (const item of items) {
    if (item.kind === 'text') {
      flushStroke();
      const color = rgb(item.rgb);
      if (color !== fillColor) out.push(`${color} rg`);
      fillColor = color;
      const t = multiply(m, item.matrix);
      out.push(`BT /F1 1 Tf ${t.map(num).join(' ')} Tm ${font.encodeText(toWinAnsi(item.text)).toString()} Tj ET`);
      continue;
    }
    const path: string[] = [];
    const ops = item.ops;
    for (let i = 0; i < ops.length; ) {
      const op = ops[i];
      if (op === MOVE || op === LINE) {
        path.push(`${X(ops[i + 1], ops[i + 2])} ${Y(ops[i + 1], ops[i + 2])} ${op === MOVE ? 'm' : 'l'}`);
        i += 3;
      } else if (op === CURVE) {
        path.push(
          `${X(ops[i + 1], ops[i + 2])} ${Y(ops[i + 1], ops[i + 2])} ${X(ops[i + 3], ops[i + 4])} ${Y(ops[i + 3], ops[i + 4])} ${X(ops[i + 5], ops[i + 6])} ${Y(ops[i + 5], ops[i + 6])} c`,
        );
        i += 7;
      } else if (op === CLOSE) {
        path.push('h');
        i += 1;
      } else break;
    }
    if (item.kind === 'fill') {
      flushStroke();
      const color = rgb(item.rgb);
      if (color !== fillColor) out.push(`${color} rg`);
      fillColor = color;
      out.push(...path, 'f*');
    } else {
      // Consecutive strokes of one colour and width share one path: fewer operators, smaller file.
      const style = `${rgb(item.rgb)} RG ${num(strokeWidthPt(sheet, item.weightMm, item.widthUnits))} w`;
      if (style !== strokeStyle) {
        flushStroke();
        out.push(style);
        strokeStyle = style;
      }
      out.push(...path);
      pathOpen = true;
    }
  }
  flushStroke();
  return out.join('\n');
}

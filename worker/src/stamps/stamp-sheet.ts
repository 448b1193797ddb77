import { writeFile } from 'node:fs/promises';
import { concatTransformationMatrix, PDFDocument, PDFName, PDFNumber, type PDFImage, type PDFPage, popGraphicsState, pushGraphicsState, rgb } from '@cantoo/pdf-lib';
import type { GridPosition } from '#shared/tools/stamp-fields';
import type { FontFamily } from '../editor/fonts';
import { FontBook } from '../editor/fonts';
import { pageSpace, type PageSpace } from '../editor/page-space';
import type { ScriptSetter } from '../editor/script-runs';
import type { Box, PageFrameBoxes } from '../engines/poppler';
import { compose, type Matrix } from '../pages/geometry';

export interface TextStyle {
  family: FontFamily;
  bold: boolean;
  size: number;
  /** "#rrggbb" */
  color: string;
  /** 0–1; 1 is solid. */
  opacity?: number;
}

/** Where a text or picture goes on the page as shown: a cell of the 3×3 grid, `margin` points in from the edges. */
export interface Placement {
  position: GridPosition;
  margin: number;
}

/** A stamp page: drawing happens in upright points (origin bottom-left of the page as shown, y up). */
export interface StampPage {
  page: PDFPage;
  space: PageSpace;
}

/** Glyphs reach about this far above the baseline and below it, as a share of the size (Noto's caps and descenders). */
export const ASCENT = 0.72;
export const DESCENT = 0.22;

const color = (hex: string) => rgb(parseInt(hex.slice(1, 3), 16) / 255, parseInt(hex.slice(3, 5), 16) / 255, parseInt(hex.slice(5, 7), 16) / 255);
const boxOf = ([x0, y0, x1, y1]: Box) => ({ x: x0, y: y0, width: x1 - x0, height: y1 - y0 });

/**
 * A small PDF of stamps, one page per page shape, that qpdf lays over or under the document's own
 * pages (`qpdf.stampPages`). Each stamp page copies its destination's boxes and /Rotate, so what is
 * drawn upright here lands upright inside the visible area there; the document itself is never
 * parsed or rewritten by pdf-lib. Fonts are the shipped Noto faces (CJK from the system), embedded
 * once as subsets of the glyphs used; a picture is embedded once, whatever the pages it marks.
 */
export class StampSheet {
  readonly fonts: FontBook;

  private constructor(readonly doc: PDFDocument) {
    this.fonts = new FontBook(doc);
  }

  static async create(): Promise<StampSheet> {
    return new StampSheet(await PDFDocument.create({ updateMetadata: false }));
  }

  /** A blank stamp page shaped like a destination page. */
  addPage(frame: PageFrameBoxes): StampPage {
    const page = this.doc.addPage([frame.media[2] - frame.media[0], frame.media[3] - frame.media[1]]);
    const media = boxOf(frame.media);
    page.setMediaBox(media.x, media.y, media.width, media.height);
    const crop = boxOf(frame.crop);
    page.setCropBox(crop.x, crop.y, crop.width, crop.height);
    const trim = boxOf(frame.trim);
    page.setTrimBox(trim.x, trim.y, trim.width, trim.height);
    if (frame.rotation) page.node.set(PDFName.of('Rotate'), PDFNumber.of(frame.rotation));
    return { page, space: pageSpace(page) };
  }

  /** The setter for a text in a style: the shipped face, and the faces of the other scripts it holds. */
  setter(style: TextStyle, text: string): Promise<ScriptSetter> {
    return this.fonts.setter({ family: style.family, bold: style.bold, italic: false }, text);
  }

  /** One line of text turned `angle` degrees counter-clockwise about its centre, which sits at (cx, cy) upright. */
  turnedText(at: StampPage, setter: ScriptSetter, text: string, style: TextStyle, centre: [number, number], angle: number): void {
    const width = setter.width(text, style.size);
    this.upright(at, turnAbout(centre, angle), () => this.runs(at.page, setter, text, -width / 2, style, (-ASCENT * style.size) / 2));
  }

  /** A picture `width` × `height` points turned `angle` degrees counter-clockwise about its centre at (cx, cy) upright. */
  image(at: StampPage, image: PDFImage, size: { width: number; height: number }, centre: [number, number], angle: number, opacity: number): void {
    this.upright(at, turnAbout(centre, angle), () => at.page.drawImage(image, { x: -size.width / 2, y: -size.height / 2, ...size, opacity }));
  }

  async save(file: string): Promise<void> {
    await writeFile(file, await this.doc.save({ useObjectStreams: false }));
  }

  /** Runs `draw` in upright points moved by `local`. */
  private upright(at: StampPage, local: Matrix, draw: () => void): void {
    at.page.pushOperators(pushGraphicsState(), concatTransformationMatrix(...compose(local, at.space.toUser)));
    draw();
    at.page.pushOperators(popGraphicsState());
  }

  private runs(page: PDFPage, setter: ScriptSetter, text: string, x: number, style: TextStyle, y = 0): void {
    for (const run of setter.runs(text)) {
      page.drawText(run.text, { x, y, size: style.size, font: run.font, color: color(style.color), opacity: style.opacity ?? 1 });
      x += run.font.widthOfTextAtSize(run.text, style.size);
    }
  }
}

/** The bottom-left corner, upright, of a box `width` × `height` put in a cell of the grid. */
export function gridPoint(space: { width: number; height: number }, { position, margin }: Placement, width: number, height: number): { x: number; y: number } {
  const [row, column] = position.split('-') as ['top' | 'middle' | 'bottom', 'left' | 'center' | 'right'];
  const x = column === 'left' ? margin : column === 'right' ? space.width - margin - width : (space.width - width) / 2;
  const y = row === 'bottom' ? margin : row === 'top' ? space.height - margin - height : (space.height - height) / 2;
  return { x, y };
}

/** A turn of `angle` degrees counter-clockwise about the origin, then a move to `centre`. */
function turnAbout([cx, cy]: [number, number], angle: number): Matrix {
  const rad = (angle * Math.PI) / 180;
  return [Math.cos(rad), Math.sin(rad), -Math.sin(rad), Math.cos(rad), cx, cy];
}

/** The stamp pages a document needs when its stamp is the same on every page: one per distinct page shape, and which one each page takes. */
export function byShape(frames: readonly PageFrameBoxes[]): { shapes: PageFrameBoxes[]; shapeOf: number[] } {
  const keys = new Map<string, number>();
  const shapes: PageFrameBoxes[] = [];
  const shapeOf = frames.map((frame) => {
    const key = JSON.stringify(frame);
    let index = keys.get(key);
    if (index === undefined) {
      index = shapes.push(frame) - 1;
      keys.set(key, index);
    }
    return index;
  });
  return { shapes, shapeOf };
}

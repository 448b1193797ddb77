import type { Matrix } from './geometry';
import type { Bounds } from './scene';

/** Paper sizes in PDF points (1/72 inch), portrait. */
export const PAPER = {
  a4: [595.28, 841.89],
  a3: [841.89, 1190.55],
  letter: [612, 792],
} as const;
export type PaperSize = keyof typeof PAPER;

const MARGIN_PT = 24;
/** Line width for entities that leave it to the default (AutoCAD plots these at 0.25 mm). */
const DEFAULT_WIDTH_PT = 0.5;
const MIN_WIDTH_PT = 0.25;

/** Where a drawing goes on paper: the sheet (turned to match the drawing) and model → sheet. */
export interface Sheet {
  width: number;
  height: number;
  /** Model coordinates to sheet points, y up (PDF's convention). */
  matrix: Matrix;
  /** Sheet points per drawing unit. */
  scale: number;
}

/** Fits the drawing's extent on the paper, centred, turned landscape when the drawing is wider than tall. */
export function fitSheet(bounds: Bounds, paper: PaperSize): Sheet {
  const [short, long] = PAPER[paper];
  const bw = bounds.maxX - bounds.minX;
  const bh = bounds.maxY - bounds.minY;
  const landscape = bw > bh;
  const width = landscape ? long : short;
  const height = landscape ? short : long;
  const availW = width - 2 * MARGIN_PT;
  const availH = height - 2 * MARGIN_PT;
  const candidates = [bw > 0 ? availW / bw : Infinity, bh > 0 ? availH / bh : Infinity];
  let scale = Math.min(...candidates);
  if (!Number.isFinite(scale)) scale = 1;
  const tx = (width - bw * scale) / 2 - bounds.minX * scale;
  const ty = (height - bh * scale) / 2 - bounds.minY * scale;
  return { width, height, matrix: [scale, 0, 0, scale, tx, ty], scale };
}

/** Stroke width on paper: the entity's line weight, a polyline's own width, or the default. */
export function strokeWidthPt(sheet: Sheet, weightMm?: number, widthUnits?: number): number {
  const fromWeight = weightMm !== undefined && weightMm > 0 ? (weightMm * 72) / 25.4 : DEFAULT_WIDTH_PT;
  const fromWidth = widthUnits !== undefined && widthUnits > 0 ? widthUnits * sheet.scale : 0;
  return Math.max(MIN_WIDTH_PT, fromWeight, fromWidth);
}

/** A number for PDF or SVG text: at most 3 decimals, no exponent, no trailing zeros. */
export function num(n: number): string {
  if (!Number.isFinite(n)) return '0';
  const s = n.toFixed(3);
  return s.includes('.') ? s.replace(/0+$/, '').replace(/\.$/, '').replace(/^-0$/, '0') : s;
}

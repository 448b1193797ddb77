import type { DwgEntity } from '@mlightcad/libredwg-web';

/**
 * A drawing as the renderer reads it, whichever file it came from. DWG files are parsed by
 * LibreDWG (WebAssembly) into libredwg-web's `Dwg*` entity objects; DXF files by our own reader
 * into objects of the same shapes, so one renderer serves both.
 */
export interface CadDocument {
  /** Layers by name (names compare case-insensitively in AutoCAD, so keys are upper-cased). */
  layers: Map<string, CadLayer>;
  /** Block definitions by upper-cased name: what INSERT and DIMENSION entities draw. */
  blocks: Map<string, CadBlock>;
  /** Block names by the block record's handle (tables refer to their block that way). */
  blockNameByHandle?: Map<string, string>;
  modelSpace: DwgEntity[];
  /** The active layout's entities, drawn when model space has nothing to show. */
  paperSpace: DwgEntity[];
  /** Dimension text height (DIMTXT × DIMSCALE), for dimensions whose picture has no text. */
  dimTextHeight?: number;
}

export interface CadLayer {
  name: string;
  /** Resolved colour, 0xRRGGBB. */
  rgb: number;
  /** Line weight in millimetres; undefined for the default. */
  weightMm?: number;
  /** Off, frozen or not for plotting: its entities are left out, as when AutoCAD plots. */
  hidden: boolean;
}

export interface CadBlock {
  name: string;
  basePoint: { x: number; y: number };
  entities: DwgEntity[];
}

export const layerKey = (name: string | undefined) => (name ?? '0').toUpperCase();

/**
 * AutoCAD's 256 indexed colours (ACI). 1–9 are named, 10–249 are 24 hues × 5 shades × full or
 * half saturation, 250–255 greys. 0 (by block) and 256 (by layer) are resolved by the caller.
 */
const SHADES = [255, 204, 153, 127, 76];
const NAMED = [0x000000, 0xff0000, 0xffff00, 0x00ff00, 0x00ffff, 0x0000ff, 0xff00ff, 0xffffff, 0x808080, 0xc0c0c0];
const GREYS = [0x333333, 0x505050, 0x696969, 0x828282, 0xbebebe, 0xffffff];

export function aciToRgb(index: number): number {
  if (!Number.isInteger(index) || index < 1 || index > 255) return 0xffffff;
  if (index < 10) return NAMED[index];
  if (index >= 250) return GREYS[index - 250];
  const hue = Math.floor((index - 10) / 10) * 15;
  const step = index % 10;
  const value = SHADES[step >> 1];
  const min = step & 1 ? Math.floor(value * 0.5) : 0;
  // Fraction of full intensity of each channel for this hue (HSV with saturation 1).
  const h = hue / 60;
  const rgb =
    h < 1 ? [1, h, 0] : h < 2 ? [2 - h, 1, 0] : h < 3 ? [0, 1, h - 2] : h < 4 ? [0, 4 - h, 1] : h < 5 ? [h - 4, 0, 1] : [1, 0, 6 - h];
  const [r, g, b] = rgb.map((k) => Math.floor(min + (value - min) * k));
  return (r << 16) | (g << 8) | b;
}

/** DWG stores line weights as an index into this table (hundredths of a millimetre). */
const DWG_WEIGHTS = [0, 5, 9, 13, 15, 18, 20, 25, 30, 35, 40, 50, 53, 60, 70, 80, 90, 100, 106, 120, 140, 158, 200, 211];

export type WeightSpec = { mm: number } | 'bylayer' | 'byblock' | 'default';

/** A DWG line-weight index (0–23, 29 by layer, 30 by block, 31 default). */
export function dwgWeight(index: number | undefined): WeightSpec {
  if (index === undefined || index === 31 || index < 0) return 'default';
  if (index === 29) return 'bylayer';
  if (index === 30) return 'byblock';
  return index < DWG_WEIGHTS.length ? { mm: DWG_WEIGHTS[index] / 100 } : 'default';
}

/** A DXF line weight (group 370: hundredths of a millimetre, -1 by layer, -2 by block, -3 default). */
export function dxfWeight(value: number | undefined): WeightSpec {
  if (value === undefined || value === -3) return 'default';
  if (value === -1) return 'bylayer';
  if (value === -2) return 'byblock';
  return value >= 0 ? { mm: value / 100 } : 'default';
}

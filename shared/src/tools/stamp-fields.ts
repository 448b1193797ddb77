import { z } from 'zod';
import { FONT_FAMILIES } from '../editor/operations';
import { intField } from './fields';

/**
 * What the three stamping tools (page numbers, watermark, header and footer) share: where on the
 * page, in which face, size and colour. Positions are on the page as it is shown (after /Rotate,
 * inside the crop box), so a number at bottom-centre sits there on a turned page too.
 */
export const GRID_POSITIONS = ['top-left', 'top-center', 'top-right', 'middle-left', 'middle-center', 'middle-right', 'bottom-left', 'bottom-center', 'bottom-right'] as const;
export type GridPosition = (typeof GRID_POSITIONS)[number];

export const STAMP_FONTS = FONT_FAMILIES;

/** An integer option in [min, max], sent as a number or a digit string. */
export const boundedInt = (min: number, max: number) => intField.pipe(z.number().min(min).max(max));

export const colorField = z.string().regex(/^#[0-9a-fA-F]{6}$/);

/** Distance from the edges of the visible page, in points (72 to the inch). */
export const marginField = boundedInt(0, 144);

/** A text placed on pages: short, on one line. */
export const stampTextField = z
  .string()
  .max(200)
  .refine((s) => !/[\r\n]/.test(s), 'one line');

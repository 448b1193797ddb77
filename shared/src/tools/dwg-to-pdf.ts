import { z } from 'zod';
import { defineTool } from './define';

/** Paper sizes a drawing is fitted onto (turned to landscape when the drawing is wider than tall). */
export const CAD_PAPER = ['a4', 'a3', 'letter'] as const;

/**
 * How the drawing's colours are printed on white paper: `plot` as CAD programs plot (white ink
 * black, colours too light to read darkened), `drawing` as drawn (white ink still black), `mono` black.
 */
export const CAD_COLORS = ['plot', 'drawing', 'mono'] as const;
export type CadColors = (typeof CAD_COLORS)[number];

/**
 * DWG (R14 to 2018, read by LibreDWG compiled to WebAssembly) and ASCII DXF to a one-page vector
 * PDF: model space fitted to the paper, colours by layer, text as real, searchable text.
 */
export default defineTool({
  id: 'dwg-to-pdf',
  category: 'cad',
  accepts: ['dwg', 'dxf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    pagesize: z.enum(CAD_PAPER).default('a4'),
    colors: z.enum(CAD_COLORS).default('plot'),
  }),
  engines: [],
  output: 'file',
  built: true,
  timeoutSeconds: 180,
});

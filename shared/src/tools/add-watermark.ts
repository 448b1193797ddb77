import { z } from 'zod';
import { defineTool } from './define';
import { flagField, pageRangesField } from './fields';
import { GRID_POSITIONS, STAMP_FONTS, boundedInt, colorField, stampTextField } from './stamp-fields';

/**
 * A text or an uploaded picture (PNG or JPG, an attachment like the editor's images), once per page
 * or tiled, over or under the page's content. The picture is stored once in the file, whatever the
 * number of pages it marks.
 */
export default defineTool({
  id: 'add-watermark',
  category: 'editor',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z
    .object({
      text: stampTextField.optional(),
      /** Upload token of the picture; takes the place of the text. */
      image: z.string().min(1).max(200).optional(),
      font: z.enum(STAMP_FONTS).default('sans'),
      bold: flagField.default(true),
      size: boundedInt(6, 200).default(60),
      color: colorField.default('#c0392b'),
      /** Percent: 100 is solid. */
      opacity: boundedInt(5, 100).default(30),
      /** Counter-clockwise, in degrees, as the page is shown. */
      angle: boundedInt(-180, 180).default(45),
      /** The picture's width as a percent of the page's. */
      scale: boundedInt(5, 100).default(50),
      position: z.enum(GRID_POSITIONS).default('middle-center'),
      tiled: flagField.default(false),
      layer: z.enum(['over', 'under']).default('over'),
      /** Pages to mark; absent means every page. */
      pages: pageRangesField.optional(),
    })
    .refine((o) => (o.image === undefined) !== (o.text === undefined || o.text.trim() === ''), { message: 'Give a text or an image (one of the two)', path: ['text'] }),
  attachments: { kinds: ['png', 'jpg'], tokens: (options) => (options.image ? [options.image] : []) },
  engines: ['qpdf', 'pdftoppm'],
  output: 'file',
  built: true,
  // pdf-lib draws a stamp page for every page: a few seconds per thousand, within the time limit.
  maxPages: 5_000,
});

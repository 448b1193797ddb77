import { z } from 'zod';
import { defineTool } from './define';
import { flagField, intField } from './fields';

/**
 * The spec's image-resize presets. `1024` and `480` are widths (the height keeps the aspect);
 * `295x413` and `413x579` are the one-inch and two-inch photo sizes in pixels at 300 dpi (25×35 mm
 * and 35×49 mm), and `custom` takes `width` and `height`. Fixed sizes are filled without
 * distortion: the image is scaled to cover the box and the overflow is cropped, centred.
 */
export const IMAGE_RESIZES = ['original', '1024', '480', '295x413', '413x579', 'custom'] as const;
export type ImageResize = (typeof IMAGE_RESIZES)[number];
/**
 * The page each image goes on: its own size (`image`), or a sheet of paper, turned to landscape for a
 * wide image, with the image scaled to fit inside the margins and centred.
 */
export const IMAGE_PAGE_SIZES = ['image', 'a4', 'letter'] as const;
/** White space around an image on a sheet of paper: none, 10 mm or 20 mm. */
export const IMAGE_MARGINS = ['none', 'small', 'big'] as const;
/** Frames of an animated GIF or WebP: one page each, or only the first. */
export const IMAGE_FRAMES = ['all', 'first'] as const;
/** Pages per task: each opens its image again, which costs more the further into a TIFF it lies. */
export const MAX_IMAGE_PAGES = 2_000;
/** The image tools make a page of every frame of an animated GIF or WebP only when asked to. */
export const framesArePages = (o: { frames: (typeof IMAGE_FRAMES)[number] }) => o.frames === 'all';
/** The largest width or height a resize may ask for, in pixels. */
export const MAX_RESIZE_PX = 10_000;

const sizeField = intField.pipe(z.number().int().min(1).max(MAX_RESIZE_PX));

/** Options of the image-to-PDF tools (JPG to PDF, GIF to PDF); only the default of `frames` differs. */
export function imageToPdfOptions(defaultFrames: (typeof IMAGE_FRAMES)[number]) {
  return z
    .object({
      /** true: every image in one PDF, in upload order; false: one PDF per image. */
      merge: flagField.default(true),
      resize: z
        .union([z.enum(IMAGE_RESIZES), z.union([z.literal(1024), z.literal(480)]).transform((n) => String(n) as '1024' | '480')])
        .default('original'),
      width: sizeField.optional(),
      height: sizeField.optional(),
      frames: z.enum(IMAGE_FRAMES).default(defaultFrames),
      pagesize: z.enum(IMAGE_PAGE_SIZES).default('image'),
      margin: z.enum(IMAGE_MARGINS).default('none'),
    })
    .refine((o) => o.resize !== 'custom' || (o.width !== undefined && o.height !== undefined), {
      message: 'width and height are required for a custom size',
      path: ['width'],
    });
}

/**
 * Images to PDF. Each page takes the size of its image (at the image's resolution, 72 dpi when it
 * has none) or the paper size asked for, EXIF orientation is honoured, and a JPEG is embedded as it is — not re-encoded —
 * unless it is resized. Transparency is laid over white. HEIC is not accepted: the prebuilt libvips
 * of sharp has no HEVC decoder.
 */
export default defineTool({
  id: 'jpg-to-pdf',
  category: 'convertTo',
  accepts: ['jpg', 'png', 'bmp', 'tiff', 'webp', 'gif'],
  minFiles: 1,
  maxFiles: 30,
  options: imageToPdfOptions('first'),
  engines: [],
  // One PDF, or one per image when merge is false.
  output: 'pdfs',
  built: true,
  menus: { convert: 4 },
  timeoutSeconds: 300,
  maxPages: MAX_IMAGE_PAGES,
  framesArePages,
});

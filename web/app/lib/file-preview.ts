import { PREVIEW_QUALITY, PREVIEW_WIDTH } from '#shared/limits';
import { renderPreview } from './pdf-preview';

/** What a file card shows: a cover (a PDF's first page, an image scaled down), a page count, or a lock. */
export interface FilePreview {
  cover?: string;
  pages?: number;
  locked?: boolean;
}

const extension = (name: string) => (name.includes('.') ? name.toLowerCase().split('.').pop()! : '');
/** Pictures every browser decodes; TIFF and HEIC are not among them and get the placeholder. */
const BROWSER_IMAGES = new Set(['jpg', 'jpeg', 'png', 'gif', 'bmp', 'webp']);

type Named = { name: string; type?: string };
const isPdf = (file: Named) => extension(file.name) === 'pdf' || file.type === 'application/pdf';
const isBrowserImage = (file: Named) => BROWSER_IMAGES.has(extension(file.name));

/** Whether a file gets a cover at all; the others (Word, eBooks, drawings…) show their kind straight away. */
export const hasPreview = (file: Named) => isPdf(file) || isBrowserImage(file);

/** The cover box: PREVIEW_WIDTH wide, and no taller than one and a half times that for a tall picture. */
export function coverSize(width: number, height: number): { width: number; height: number } {
  const scale = Math.min(1, PREVIEW_WIDTH / width, (PREVIEW_WIDTH * 1.5) / height);
  return { width: Math.max(1, Math.round(width * scale)), height: Math.max(1, Math.round(height * scale)) };
}

async function renderImage(file: Blob): Promise<FilePreview> {
  // Upright as the photo was taken, as the PDF will show it.
  const bitmap = await createImageBitmap(file, { imageOrientation: 'from-image' });
  try {
    const size = coverSize(bitmap.width, bitmap.height);
    const canvas = document.createElement('canvas');
    canvas.width = size.width;
    canvas.height = size.height;
    const context = canvas.getContext('2d');
    if (!context) throw new Error('no 2d context');
    // Transparency becomes white, as on the PDF page.
    context.fillStyle = '#fff';
    context.fillRect(0, 0, size.width, size.height);
    context.drawImage(bitmap, 0, 0, size.width, size.height);
    return { cover: canvas.toDataURL('image/jpeg', PREVIEW_QUALITY) };
  } finally {
    bitmap.close();
  }
}

let queue: Promise<unknown> = Promise.resolve();

/** One image decoded at a time, so 30 large photos do not hold 30 bitmaps at once. */
function queued<T>(work: () => Promise<T>): Promise<T> {
  const job = queue.then(work);
  queue = job.catch(() => undefined);
  return job;
}

/** The preview of a chosen file; rejects when there is none to show. */
export function previewOf(file: File, objectURL: string): Promise<FilePreview> {
  if (isPdf(file)) return renderPreview(objectURL);
  if (isBrowserImage(file)) return queued(() => renderImage(file));
  return Promise.reject(new Error('no preview for this kind of file'));
}

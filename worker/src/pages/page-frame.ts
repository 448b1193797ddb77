import type { PDFPage } from '@cantoo/pdf-lib';
import { displayedSize, type PageFrame } from './geometry';

/**
 * A page's visible area as viewers take it: the crop box cut to the media box (a crop box may reach
 * past it), with the page's /Rotate as a quarter turn in 0..270, whatever the file wrote.
 */
export function pageFrame(page: PDFPage): PageFrame & { width: number; height: number } {
  const media = page.getMediaBox();
  const crop = page.getCropBox();
  const x0 = Math.max(media.x, crop.x);
  const y0 = Math.max(media.y, crop.y);
  const x1 = Math.min(media.x + media.width, crop.x + crop.width);
  const y1 = Math.min(media.y + media.height, crop.y + crop.height);
  // A crop box outside the media box shows nothing; viewers fall back on the media box.
  const frame =
    x1 > x0 && y1 > y0
      ? { x0, y0, x1, y1 }
      : { x0: media.x, y0: media.y, x1: media.x + media.width, y1: media.y + media.height };
  const rotation = ((Math.round(page.getRotation().angle / 90) * 90) % 360 + 360) % 360;
  return { ...frame, rotation, ...displayedSize({ ...frame, rotation }) };
}

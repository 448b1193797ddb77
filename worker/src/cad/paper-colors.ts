import type { CadColors } from '#shared/tools/dwg-to-pdf';
import type { Scene } from './scene';

/** Contrast of 4.5:1 against white paper (WCAG AA for text, which drawings hold too): relative luminance at most (1.05 / 4.5) − 0.05. */
const MAX_LUMINANCE = 1.05 / 4.5 - 0.05;

const toLinear = (c: number) => {
  const s = c / 255;
  return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
};
const toSrgb = (l: number) => Math.round(255 * (l <= 0.0031308 ? l * 12.92 : 1.055 * l ** (1 / 2.4) - 0.055));

/**
 * How a colour of the drawing is printed on white paper. Drawings are made on a black screen:
 * white ink (ACI 7) is black on paper in every mode, as CAD programs plot it. `plot` (the default)
 * also darkens colours too light to read on white (yellow, cyan, light greens) to 4.5:1 contrast,
 * keeping their hue; `drawing` keeps every other colour as it is; `mono` prints all in black.
 */
export function paperColor(rgb: number, colors: CadColors): number {
  if (colors === 'mono') return 0x000000;
  const channels = [(rgb >> 16) & 0xff, (rgb >> 8) & 0xff, rgb & 0xff];
  if (channels.every((c) => c > 0xf0)) return 0x000000;
  if (colors === 'drawing') return rgb;
  const linear = channels.map(toLinear);
  const luminance = 0.2126 * linear[0] + 0.7152 * linear[1] + 0.0722 * linear[2];
  if (luminance <= MAX_LUMINANCE) return rgb;
  const [r, g, b] = linear.map((l) => toSrgb((l * MAX_LUMINANCE) / luminance));
  return (r << 16) | (g << 8) | b;
}

export function onPaper(scene: Scene, colors: CadColors): Scene {
  return { ...scene, items: scene.items.map((item) => ({ ...item, rgb: paperColor(item.rgb, colors) })) };
}

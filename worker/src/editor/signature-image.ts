import sharp from 'sharp';

/** Lighter than this (0–255 luminance) is paper: fully transparent. */
const PAPER = 235;
/** Darker than this is ink: fully opaque. Between the two, alpha ramps, so stroke edges stay smooth. */
const INK = 160;

/**
 * A signature picture with its paper made transparent. A photo or scan of a signature is opaque
 * (a JPEG, or a PNG whose alpha channel is all 255): placed as it is, it would paint a white box
 * over the page. A picture that already has transparency is the user's own cut-out and is kept.
 * Returns a PNG with an alpha channel (embedded as an image with a soft mask).
 */
export async function withTransparentPaper(bytes: Uint8Array): Promise<Uint8Array> {
  const { data, info } = await sharp(bytes).rotate().toColourspace('srgb').ensureAlpha().raw().toBuffer({ resolveWithObject: true });
  let transparent = false;
  for (let i = 3; i < data.length && !transparent; i += 4) transparent = data[i] < 255;
  if (transparent) return sharp(data, { raw: info }).png().toBuffer();
  for (let i = 0; i < data.length; i += 4) {
    const luminance = 0.299 * data[i] + 0.587 * data[i + 1] + 0.114 * data[i + 2];
    data[i + 3] = Math.round(255 * Math.min(1, Math.max(0, (PAPER - luminance) / (PAPER - INK))));
  }
  return sharp(data, { raw: info }).png().toBuffer();
}

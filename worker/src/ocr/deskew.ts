/**
 * Skew and orientation of a scanned page, from projection profiles of its dark pixels: when the
 * pixels are projected onto an axis perpendicular to the text lines, the profile alternates
 * sharply between lines and the gaps between them; at any other angle the lines smear into each
 * other. The angle whose profile is sharpest is the skew; comparing the sharpest row profile with
 * the sharpest column profile tells a page of horizontal lines from one turned on its side.
 */

/** An 8-bit single-channel raster, row by row. */
export interface GreyImage {
  width: number;
  height: number;
  data: Uint8Array;
}

export interface SkewEstimate {
  /**
   * Angle of the text lines in degrees, clockwise as seen on screen (y grows downwards). Rotating
   * the image by minus this angle makes the lines horizontal.
   */
  angle: number;
  /** Sharpness of the best row profile (relative; compare only within one image). */
  score: number;
}

export interface PageGeometry {
  skew: SkewEstimate;
  /** The same search on the page turned a quarter turn: wins when the text runs up or down the page. */
  sideways: SkewEstimate;
  /** True when the text lines run vertically (the page needs a quarter turn). */
  isSideways: boolean;
  /** Share of dark pixels, 0–1: a blank page has almost none. */
  ink: number;
}

/** Searched skew range, in degrees either way; scans are rarely off by more. */
export const MAX_SKEW_DEGREES = 15;
const COARSE_STEP = 0.5;
const FINE_STEP = 0.05;
/** Enough pixels to pin the angle to a few hundredths of a degree, few enough to stay fast. */
const MAX_POINTS = 250_000;
/** Points the half-degree search looks at (all of them are used for the fine search around its best). */
const COARSE_POINTS = 60_000;
/** A page counts as sideways only when its column profile is clearly sharper than its row profile. */
const SIDEWAYS_RATIO = 1.3;

/** Otsu's threshold: the grey level that best separates ink from paper. */
export function otsuThreshold(image: GreyImage): number {
  const hist = new Float64Array(256);
  for (const v of image.data) hist[v]++;
  const total = image.data.length;
  let sumAll = 0;
  for (let i = 0; i < 256; i++) sumAll += i * hist[i];
  let sumBack = 0;
  let weightBack = 0;
  let best = 127;
  let bestVar = -1;
  for (let t = 0; t < 256; t++) {
    weightBack += hist[t];
    if (weightBack === 0) continue;
    const weightFore = total - weightBack;
    if (weightFore === 0) break;
    sumBack += t * hist[t];
    const meanBack = sumBack / weightBack;
    const meanFore = (sumAll - sumBack) / weightFore;
    const between = weightBack * weightFore * (meanBack - meanFore) ** 2;
    if (between > bestVar) {
      bestVar = between;
      best = t;
    }
  }
  return best;
}

/** Coordinates of the dark pixels (at most MAX_POINTS, evenly sampled), as interleaved x, y. */
function darkPoints(image: GreyImage): { points: Float64Array; ink: number } {
  const threshold = otsuThreshold(image);
  let dark = 0;
  for (const v of image.data) if (v <= threshold) dark++;
  const ink = dark / Math.max(1, image.data.length);
  // A page that is mostly "ink" is a photo or a negative: the minority class carries the lines.
  const inkIsDark = ink <= 0.5;
  const count = inkIsDark ? dark : image.data.length - dark;
  const stride = Math.max(1, Math.ceil(count / MAX_POINTS));
  const points = new Float64Array(2 * Math.ceil(count / stride));
  let seen = 0;
  let n = 0;
  for (let y = 0; y < image.height; y++) {
    const row = y * image.width;
    for (let x = 0; x < image.width; x++) {
      if (image.data[row + x] <= threshold !== inkIsDark) continue;
      if (seen++ % stride !== 0) continue;
      points[n++] = x;
      points[n++] = y;
    }
  }
  return { points: points.subarray(0, n), ink: Math.min(ink, 1 - ink) };
}

/**
 * Sharpness of the profile of the points projected across lines at `degrees`: the sum of squared
 * differences between neighbouring bins (Postl's criterion), which rewards the step from a text
 * line to a gap and is indifferent to how much ink there is.
 */
function profileScore(points: Float64Array, degrees: number, span: number, swap: boolean, every = 1): number {
  const rad = (degrees * Math.PI) / 180;
  const cos = Math.cos(rad);
  const sin = Math.sin(rad);
  const offset = span;
  const bins = new Float64Array(2 * span + 2);
  for (let i = 0; i < points.length; i += 2 * every) {
    const x = swap ? points[i + 1] : points[i];
    const y = swap ? points[i] : points[i + 1];
    bins[Math.round(y * cos - x * sin) + offset]++;
  }
  let score = 0;
  for (let i = 1; i < bins.length; i++) score += (bins[i] - bins[i - 1]) ** 2;
  return score;
}

function searchAngle(points: Float64Array, span: number, swap: boolean): SkewEstimate {
  const search = (from: number, to: number, step: number, every: number): SkewEstimate => {
    let best: SkewEstimate = { angle: 0, score: -1 };
    for (let a = from; a <= to + 1e-9; a += step) {
      const angle = round(a);
      const score = profileScore(points, angle, span, swap, every);
      // Ties go to the angle nearer zero, so a page without a clear skew is left alone.
      if (score > best.score || (score === best.score && Math.abs(angle) < Math.abs(best.angle))) best = { angle, score };
    }
    return best;
  };
  // Half a degree apart, the profiles differ plainly: a sample of the points finds the neighbourhood.
  const coarse = search(-MAX_SKEW_DEGREES, MAX_SKEW_DEGREES, COARSE_STEP, Math.max(1, Math.floor(points.length / 2 / COARSE_POINTS)));
  return search(coarse.angle - COARSE_STEP, coarse.angle + COARSE_STEP, FINE_STEP, 1);
}

const round = (a: number) => Math.round(a * 1000) / 1000;

/**
 * Estimates the skew of the text lines and whether the page is turned on its side. Give it a
 * downscaled page (about 1,500 px on the long side is plenty).
 */
export function analysePage(image: GreyImage): PageGeometry {
  const { points, ink } = darkPoints(image);
  const span = image.width + image.height;
  if (points.length < 200) {
    const none = { angle: 0, score: 0 };
    return { skew: none, sideways: none, isSideways: false, ink };
  }
  const skew = searchAngle(points, span, false);
  const sideways = searchAngle(points, span, true);
  return { skew, sideways, isSideways: sideways.score > skew.score * SIDEWAYS_RATIO, ink };
}

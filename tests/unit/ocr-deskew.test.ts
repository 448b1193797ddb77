import sharp from 'sharp';
import { describe, expect, it } from 'vitest';
import { analysePage, otsuThreshold, type GreyImage } from '../../worker/src/ocr/deskew';
import { apply, compose, displayedSize, displayedToUser, invert, turnAboutCentre } from '../../worker/src/pages/geometry';
import { fixture } from '../support/fixtures';

/** ocrmypdf_linn.png, a straight 300 dpi scan, turned by `degrees` and scaled as the OCR analysis sees it. */
async function linnTurned(degrees: number): Promise<GreyImage> {
  const { data, info } = await sharp(fixture('scanned/ocrmypdf_linn.png'))
    .rotate(degrees, { background: '#ffffff' })
    .resize(1500, 1500, { fit: 'inside' })
    .greyscale()
    .raw()
    .toBuffer({ resolveWithObject: true });
  return { width: info.width, height: info.height, data: new Uint8Array(data) };
}

describe('skew estimation by projection profiles', () => {
  it('finds no skew on a straight scan', async () => {
    const page = analysePage(await linnTurned(0));
    expect(Math.abs(page.skew.angle)).toBeLessThanOrEqual(0.1);
    expect(page.isSideways).toBe(false);
  });

  it.each([-7, -3.5, -1.2, 0.6, 2.5, 5, 12])('measures a scan turned %f° to within 0.15°', async (degrees) => {
    const page = analysePage(await linnTurned(degrees));
    expect(Math.abs(page.skew.angle - degrees)).toBeLessThanOrEqual(0.15);
    expect(page.isSideways).toBe(false);
  });

  it.each([90, 270, 93])('tells a page turned %f° on its side', async (degrees) => {
    expect(analysePage(await linnTurned(degrees)).isSideways).toBe(true);
  });

  it('cannot tell upside down from upright: the profile is the same', async () => {
    const page = analysePage(await linnTurned(180));
    expect(page.isSideways).toBe(false);
    expect(Math.abs(page.skew.angle)).toBeLessThanOrEqual(0.1);
  });

  it('sees a blank page as blank', () => {
    const blank = { width: 300, height: 400, data: new Uint8Array(300 * 400).fill(250) };
    const page = analysePage(blank);
    expect(page.ink).toBeLessThan(0.0005);
    expect(page.skew.angle).toBe(0);
  });

  it('separates ink from paper with Otsu’s threshold', () => {
    const data = new Uint8Array(1000);
    data.fill(30, 0, 100);
    data.fill(220, 100);
    const t = otsuThreshold({ width: 1000, height: 1, data });
    expect(t).toBeGreaterThanOrEqual(30);
    expect(t).toBeLessThan(220);
  });
});

describe('page geometry', () => {
  const frame = { x0: 10, y0: 20, x1: 622, y1: 812 };
  const corners = (rotation: number) => {
    const m = displayedToUser({ ...frame, rotation });
    const { width, height } = displayedSize({ ...frame, rotation });
    return { topLeft: apply(m, 0, 0), bottomRight: apply(m, width, height) };
  };

  it('maps the displayed page onto the crop box for every /Rotate', () => {
    // The displayed top-left corner is the crop box corner a clockwise turn brings there.
    expect(corners(0)).toEqual({ topLeft: [10, 812], bottomRight: [622, 20] });
    expect(corners(90)).toEqual({ topLeft: [10, 20], bottomRight: [622, 812] });
    expect(corners(180)).toEqual({ topLeft: [622, 20], bottomRight: [10, 812] });
    expect(corners(270)).toEqual({ topLeft: [622, 812], bottomRight: [10, 20] });
  });

  it('turns about the centre onto a larger canvas, and back', () => {
    const turn = turnAboutCentre({ width: 100, height: 50 }, 90, { width: 50, height: 100 });
    // A quarter turn clockwise: the top-left corner goes to the top-right.
    expect(apply(turn, 0, 0).map((v) => Math.round(v))).toEqual([50, 0]);
    const back = compose(turn, invert(turn));
    expect(apply(back, 37, 11).map((v) => Math.round(v * 1e6) / 1e6)).toEqual([37, 11]);
  });
});

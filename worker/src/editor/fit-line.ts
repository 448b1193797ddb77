/**
 * How far a replaced line may be tightened before it is set smaller: character spacing down to this
 * share of the size (−5 %, about a third of a thin space per letter, which a reader hardly notices).
 */
export const MAX_TIGHTEN = 0.05;

export interface LineFit {
  size: number;
  /** Character spacing (Tc) in points: 0, or negative to tighten. */
  spacing: number;
  /** The line had to be tightened or shrunk to keep within its room. */
  fitted: boolean;
}

/**
 * Fits a line `width` points wide at `size`, of `glyphs` glyphs, into `room` points: as it is when
 * it fits; else tighter, up to MAX_TIGHTEN; else tightened that far and set smaller, so it never
 * runs past the room. A room of zero or less (nothing known of the original) leaves it as it is.
 */
export function fitLine(width: number, glyphs: number, size: number, room: number): LineFit {
  if (!(room > 0) || width <= room || glyphs === 0) return { size, spacing: 0, fitted: false };
  const spacing = (room - width) / glyphs;
  if (spacing >= -MAX_TIGHTEN * size) return { size, spacing, fitted: true };
  // At size s, tightened by MAX_TIGHTEN·s a glyph, the line runs s·(width/size − MAX_TIGHTEN·glyphs).
  const perPoint = width / size - MAX_TIGHTEN * glyphs;
  if (perPoint <= 0) return { size: (size * room) / width, spacing: 0, fitted: true };
  const smaller = Math.min(size, room / perPoint);
  return { size: smaller, spacing: -MAX_TIGHTEN * smaller, fitted: true };
}

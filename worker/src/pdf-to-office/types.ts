/**
 * The page model every "from PDF" converter shares: text geometry extracted by pdf.js, or
 * recognised by OCR, goes in; the DOCX, XLSX and PPTX writers read it. Units are PDF points,
 * origin at the top-left corner of the page, y growing downwards.
 */
export interface TextRun {
  text: string;
  x: number;
  /** Top of the run's box. */
  y: number;
  width: number;
  height: number;
  fontSize: number;
  fontName?: string;
  bold?: boolean;
  italic?: boolean;
  /** RRGGBB, no '#'. */
  color?: string;
  dir?: 'ltr' | 'rtl';
  /**
   * Text not set left to right across the page: the clockwise turn of its baseline in degrees
   * (90 reads down the page, 270 up). x, y, width and height are then its bounding box.
   */
  angle?: number;
  /** The font's generic family, pdf.js's guess from its flags and name: a fallback when the font itself is missing. */
  family?: 'serif' | 'sans-serif' | 'monospace';
  /**
   * The parts of the run that were drawn apart, left to right, when pdf.js joined them into one
   * item (spreadsheet cells a space apart, text on tab stops): where each part really lies, so
   * that a table can cut the run between its cells. Absent when the run was drawn in one piece.
   */
  pieces?: RunPiece[];
}

export interface RunPiece {
  text: string;
  x: number;
  width: number;
}

export interface ImageBox {
  x: number;
  y: number;
  width: number;
  height: number;
  data: Uint8Array;
  format: 'png' | 'jpg';
  /**
   * The text drawn inside a pictured drawing (its labels): the picture shows it, and the Word
   * writer also sets it as text after the picture, so that it can be found, copied and read aloud.
   */
  labels?: TextRun[];
}

/** A drawn straight line or rectangle edge: the ruling lines that outline tables. */
export interface RuleLine {
  x1: number;
  y1: number;
  x2: number;
  y2: number;
}

export interface PageLayout {
  width: number;
  height: number;
  runs: TextRun[];
  images: ImageBox[];
  rules: RuleLine[];
  /** The page rendered without its text (PPTX slide background), when a writer needs it. */
  background?: ImageBox;
}

export interface DocumentLayout {
  pages: PageLayout[];
  /** Document language hint (BCP 47), e.g. from OCR's language choice. */
  lang?: string;
}

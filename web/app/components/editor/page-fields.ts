/**
 * A page's AcroForm fields as the field layer draws them, each with the name a screen reader says:
 * its tooltip (/TU) when it has one, else the words printed beside it on the page (a form without
 * tooltips, such as the IRS's, would otherwise be read out as `topmostSubform[0].Page1[0].f1_01[0]`).
 * Pure, so it can be tested on real forms without a browser.
 */
import type { Rect } from './operations';
import type { TextLine } from './text-lines';

/** One AcroForm widget of a page, as the field layer draws it: its rect in page fractions, origin top left. */
export interface PdfField {
  name: string;
  /** What a screen reader says: the tooltip, else the nearest printed label, else the field's name. */
  label: string;
  kind: 'text' | 'checkbox' | 'radio' | 'select';
  rect: Rect;
  value: string | boolean;
  /** A checkbox's or radio button's on value. */
  onValue?: string;
  options?: { value: string; label: string }[];
  multiline?: boolean;
  maxLength?: number;
  readOnly?: boolean;
}

/** The fields pdf.js reads from a page's widget annotations, in the page's order. */
export interface Widget {
  subtype?: string;
  fieldName?: string;
  fieldType?: string;
  alternativeText?: string;
  rect: number[];
  fieldValue?: unknown;
  exportValue?: string;
  buttonValue?: string;
  checkBox?: boolean;
  radioButton?: boolean;
  options?: { exportValue: string; displayValue: string }[];
  multiLine?: boolean;
  maxLen?: number;
  readOnly?: boolean;
  hidden?: boolean;
}

/** Leaders and rules drawn with characters (". . . . .", "____"), and lone marks, say nothing. */
const MEANINGLESS = /^[\s.·…_\-–—:$%()]*$/;
/** A label without its leader dots and the box number after them ("2 Wages, tips . . . . 2" → "2 Wages, tips"). */
const tidy = (text: string) =>
  text
    .replace(/(\s*[.·…_]){2,}\s*\S{0,3}\s*$/, '')
    .replace(/\s+/g, ' ')
    .trim();

/** How far a label may sit from its field, in fractions of the page. */
const MAX_LEFT_GAP = 0.45;
const MAX_SIDE_GAP = 0.3;

/**
 * The words printed nearest a field, as a sighted reader pairs them: on the same line to its left
 * (to its right for a checkbox or radio button, whose words follow the box), else just above or
 * just below it (forms print a box's label at its top, or a small caption under a line: "City"),
 * whichever is closer — leaving out words nearer another field, which are that field's label.
 * `aspect` is the page's height over its width (a line taller than wide is a margin note set sideways).
 */
export function nearestLabel(field: Rect, kind: PdfField['kind'], lines: readonly TextLine[], others: readonly Rect[] = [], aspect = 1): string | undefined {
  const [fx, fy, fw, fh] = field;
  const middle = fy + fh / 2;
  const useful = lines
    .filter(({ rect: [, , w, h] }) => h * aspect <= w * 1.5)
    .map((l) => ({ text: tidy(l.text), rect: l.rect }))
    .filter((l) => !MEANINGLESS.test(l.text));
  const onLine = useful.filter(({ rect: [, y, , h] }) => middle > y - h * 0.2 && middle < y + h * 1.2);
  const left = onLine.map((l) => ({ ...l, gap: fx - (l.rect[0] + l.rect[2]) })).filter((c) => c.gap > -fw * 0.05 && c.gap < MAX_LEFT_GAP);
  const right = onLine.map((l) => ({ ...l, gap: l.rect[0] - (fx + fw) })).filter((c) => c.gap > -fw * 0.2 && c.gap < MAX_SIDE_GAP);
  const nearest = (candidates: { text: string; gap: number; rect: Rect }[]) => {
    const found = candidates.sort((a, b) => a.gap - b.gap)[0];
    return found && paragraphOf(found, useful);
  };
  const box = kind === 'checkbox' || kind === 'radio';
  const beside = box ? (nearest(right) ?? nearest(left)) : nearest(left);
  if (beside) return beside;
  const across = (r: Rect, l: Rect) => l[0] < r[0] + r[2] && l[0] + l[2] > r[0];
  /** How far a line sits from a field above or below it; Infinity when it is not across from it. */
  const distance = (r: Rect, l: Rect) => (across(r, l) ? Math.max(r[1] - (l[1] + l[3]), l[1] - (r[1] + r[3])) : Infinity);
  const reach = Math.max(fh * 2, 0.03);
  const candidates = useful
    .map((l) => ({ ...l, gap: distance(field, l.rect) }))
    .filter((c, i) => c.gap > -fh * 0.3 && c.gap < reach && !others.some((o) => o !== field && distance(o, useful[i].rect) < c.gap));
  return nearest(candidates);
}

/** A label that runs over several lines ends on the line nearest its field: its lines above, set flush with it, come first. */
function paragraphOf(line: { text: string; rect: Rect }, lines: readonly { text: string; rect: Rect }[]): string {
  const texts = [line.text];
  let last = line.rect;
  for (let n = 0; n < 3; n++) {
    const above = lines.find(({ rect: r }) => Math.abs(r[0] - last[0]) < 0.03 && r[1] < last[1] && last[1] - (r[1] + r[3]) < r[3] * 0.5);
    if (!above) break;
    texts.unshift(above.text);
    last = above.rect;
  }
  return texts.join(' ');
}

function toField(w: Widget, rect: Rect, label: (kind: PdfField['kind']) => string): PdfField | undefined {
  if (w.subtype !== 'Widget' || !w.fieldName || w.hidden) return undefined;
  const common = { name: w.fieldName, rect, readOnly: w.readOnly };
  const value = Array.isArray(w.fieldValue) ? String(w.fieldValue[0] ?? '') : typeof w.fieldValue === 'string' ? w.fieldValue : '';
  if (w.fieldType === 'Tx') return { ...common, label: label('text'), kind: 'text', value, multiline: w.multiLine, maxLength: w.maxLen || undefined };
  if (w.fieldType === 'Btn' && w.checkBox) return { ...common, label: label('checkbox'), kind: 'checkbox', value: !!w.exportValue && value === w.exportValue, onValue: w.exportValue };
  if (w.fieldType === 'Btn' && w.radioButton) return { ...common, label: label('radio'), kind: 'radio', value, onValue: w.buttonValue };
  if (w.fieldType === 'Ch') {
    return { ...common, label: label('select'), kind: 'select', value, options: (w.options ?? []).map((o) => ({ value: o.exportValue, label: o.displayValue })) };
  }
  return undefined;
}

/**
 * The page's fields, each named for a screen reader, in the order a person reads the page: top to
 * bottom, then left to right. `toFraction` maps a widget's PDF rect to the displayed page, whose
 * height over width is `aspect`.
 */
export function pageFields(widgets: readonly Widget[], lines: readonly TextLine[], toFraction: (rect: number[]) => Rect, aspect: number): PdfField[] {
  const placed = widgets.map((w) => ({ w, rect: toFraction(w.rect) }));
  const rects = placed.map((p) => p.rect);
  const found = placed.flatMap(({ w, rect }) => toField(w, rect, (kind) => w.alternativeText || nearestLabel(rect, kind, lines, rects, aspect) || w.fieldName!) ?? []);
  return found.sort((a, b) => (Math.abs(a.rect[1] - b.rect[1]) < 0.005 ? a.rect[0] - b.rect[0] : a.rect[1] - b.rect[1]));
}

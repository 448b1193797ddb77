/**
 * Table cell text → what a spreadsheet should hold: numbers and dates as values with a number
 * format that shows them as the PDF did, everything else as text.
 *
 *   const conventions = readingConventions(allCellTexts);
 *   cellValue('(1,164)', conventions) → { value: -1164, numFmt: '#,##0;(#,##0)' }
 *   cellValue('06/22/2015', conventions) → { value: Date(2015-06-22 UTC), numFmt: 'mm/dd/yyyy' }
 *
 * Whether "1,234" is a thousand or a decimal, and whether "03/04/2015" is March or April, is read
 * from the document as a whole: its unambiguous figures decide.
 */

export interface Conventions {
  /** "1.234,5" rather than "1,234.5". */
  decimalComma: boolean;
  /** "22/06/2015" rather than "06/22/2015". */
  dayFirst: boolean;
}

export interface CellValue {
  value: string | number | Date;
  /** An Excel number format, when General would not show the value as the PDF did. */
  numFmt?: string;
}

const SPACES = /[\u00a0\u2007\u2009\u202f]/g;
const CURRENCY = '[$€£¥₹]|USD|EUR|CHF|GBP|CAD';
const NUMBER = new RegExp(
  `^(?<open>\\()?(?<sign>[-\u2212\u2013])?\\s?(?<pre>${CURRENCY})?\\s?(?<sign2>[-\u2212\u2013])?(?<body>[\\d., ']*\\d|\\d[\\d., ']*)\\s?(?<pct>%)?\\s?(?<post>${CURRENCY})?(?<close>\\))?$`,
);
/** Longer digit strings are codes (Excel keeps 15 significant digits). */
const MAX_DIGITS = 15;

/** The number written in `body` (digits and separators only), or undefined when it is not a well-formed figure. */
function readFigure(body: string, decimalComma: boolean): { value: number; decimals: number; grouped: boolean } | undefined {
  const b = body.trim();
  const dec = decimalComma ? ',' : '.';
  const group = decimalComma ? '[. \u0027]' : '[, \u0027]';
  const m = new RegExp(`^(\\d{1,3}(?:${group}\\d{3})+|\\d+)?(?:\\${dec}(\\d+))?$`).exec(b);
  if (!m || (!m[1] && !m[2])) return undefined;
  const whole = (m[1] ?? '0').replace(/\D/g, '');
  const fraction = m[2] ?? '';
  if (whole.length + fraction.length > MAX_DIGITS) return undefined;
  return { value: Number(`${whole}.${fraction || '0'}`), decimals: fraction.length, grouped: (m[1] ?? '').length !== whole.length };
}

function numberValue(text: string, c: Conventions): CellValue | undefined {
  const t = text.replace(SPACES, ' ');
  const m = NUMBER.exec(t);
  if (!m?.groups) return undefined;
  const { open, close, sign, sign2, pre, post, pct, body } = m.groups;
  if (Boolean(open) !== Boolean(close) || (pre && post)) return undefined;
  // A plain space groups thousands only in the comma-decimal writing ("1 234,5").
  if (/ /.test(body.trim()) && !c.decimalComma) return undefined;
  // Zero-padded digits are codes (postcodes, references), not amounts.
  if (/^0\d/.test(body.trim())) return undefined;
  const figure = readFigure(body, c.decimalComma);
  if (!figure) return undefined;
  const negative = Boolean(open) || Boolean(sign) || Boolean(sign2);
  let value = negative ? -figure.value : figure.value;
  if (pct) value /= 100;
  if (Object.is(value, -0)) value = 0;

  let fmt = (figure.grouped ? '#,##0' : '0') + (figure.decimals ? `.${'0'.repeat(figure.decimals)}` : '');
  if (pct) fmt += '%';
  const currency = pre ?? post;
  if (currency) fmt = pre ? `"${pre}"${fmt}` : `${fmt}${/ \S+$/.test(t.replace(/\)$/, '')) ? ' ' : ''}"${post}"`;
  const numFmt = open ? `${fmt};(${fmt})` : fmt;
  return { value, ...(numFmt === '0' ? {} : { numFmt }) };
}

/** Month names, English and French, in full then shortened. */
const MONTH_NAMES: ReadonlyArray<{ full: string[]; short: string[] }> = [
  { full: ['january', 'janvier'], short: ['jan', 'janv'] },
  { full: ['february', 'février', 'fevrier'], short: ['feb', 'févr', 'fevr'] },
  { full: ['march', 'mars'], short: ['mar'] },
  { full: ['april', 'avril'], short: ['apr', 'avr'] },
  { full: ['may', 'mai'], short: [] },
  { full: ['june', 'juin'], short: ['jun'] },
  { full: ['july', 'juillet'], short: ['jul', 'juil'] },
  { full: ['august', 'août', 'aout'], short: ['aug'] },
  { full: ['september', 'septembre'], short: ['sep', 'sept'] },
  { full: ['october', 'octobre'], short: ['oct'] },
  { full: ['november', 'novembre'], short: ['nov'] },
  { full: ['december', 'décembre', 'decembre'], short: ['dec', 'déc'] },
];
const MONTHS = new Map<string, { month: number; full: boolean }>(
  MONTH_NAMES.flatMap((m, i) => [...m.full.map((n) => [n, { month: i + 1, full: true }] as const), ...m.short.map((n) => [n, { month: i + 1, full: false }] as const)]),
);

const NUMERIC_DATE = /^(\d{1,2})([/.-])(\d{1,2})\2(\d{4}|\d{2})$/;
const ISO_DATE = /^(\d{4})-(\d{2})-(\d{2})$/;
const DAY_MONTH_YEAR = /^(\d{1,2})(?:er)?\.? ([a-zéû]+)\.? (\d{4})$/i;
const MONTH_DAY_YEAR = /^([a-z]+)\.? (\d{1,2}), (\d{4})$/i;

function utcDate(year: number, month: number, day: number): Date | undefined {
  if (month < 1 || month > 12 || day < 1) return undefined;
  const d = new Date(Date.UTC(year, month - 1, day));
  return d.getUTCMonth() === month - 1 && d.getUTCDate() === day ? d : undefined;
}

const fullYear = (y: string) => (y.length === 2 ? (Number(y) < 50 ? 2000 : 1900) + Number(y) : Number(y));

function dateValue(text: string, c: Conventions): CellValue | undefined {
  const t = text.replace(SPACES, ' ').replace(/\s+/g, ' ');
  let m = NUMERIC_DATE.exec(t);
  if (m) {
    const [, a, sep, b, y] = m;
    // Dotted dates are always day first (31.12.2020).
    const dayFirst = sep === '.' || c.dayFirst;
    const [day, month] = dayFirst ? [a, b] : [b, a];
    const date = utcDate(fullYear(y), Number(month), Number(day));
    if (!date) return undefined;
    const pad = a.length === 2 && b.length === 2;
    const dd = pad ? 'dd' : 'd';
    const mm = pad ? 'mm' : 'm';
    const yy = y.length === 2 ? 'yy' : 'yyyy';
    return { value: date, numFmt: (dayFirst ? [dd, mm, yy] : [mm, dd, yy]).join(sep) };
  }
  if ((m = ISO_DATE.exec(t))) {
    const date = utcDate(Number(m[1]), Number(m[2]), Number(m[3]));
    return date && { value: date, numFmt: 'yyyy-mm-dd' };
  }
  if ((m = DAY_MONTH_YEAR.exec(t))) {
    const month = MONTHS.get(m[2].toLowerCase());
    const date = month && utcDate(Number(m[3]), month.month, Number(m[1]));
    return date ? { value: date, numFmt: month.full ? 'd mmmm yyyy' : 'd mmm yyyy' } : undefined;
  }
  if ((m = MONTH_DAY_YEAR.exec(t))) {
    const month = MONTHS.get(m[1].toLowerCase());
    const date = month && utcDate(Number(m[3]), month.month, Number(m[2]));
    return date ? { value: date, numFmt: month.full ? 'mmmm d, yyyy' : 'mmm d, yyyy' } : undefined;
  }
  return undefined;
}

/** The value a cell's text stands for. */
export function cellValue(text: string, c: Conventions): CellValue {
  const t = text.trim();
  if (!t || !/\d/.test(t)) return { value: t };
  // A full stop after a figure ends the sentence the cell was written as ("$6,205.").
  return dateValue(t, c) ?? numberValue(t.replace(/(\d)\.$/, '$1'), c) ?? { value: t };
}

/** How this document writes its figures and dates, from the cells that leave no doubt. */
export function readingConventions(texts: Iterable<string>): Conventions {
  let comma = 0;
  let point = 0;
  let dayFirst = 0;
  let monthFirst = 0;
  for (const raw of texts) {
    const t = raw.trim().replace(SPACES, ' ');
    if (!/^[-\u2212\u2013(\d$€£¥₹]/.test(t)) continue;
    const date = NUMERIC_DATE.exec(t);
    if (date) {
      if (date[2] === '.' || Number(date[1]) > 12) dayFirst++;
      else if (Number(date[3]) > 12) monthFirst++;
      continue;
    }
    // "1.234,5", "12,5", "0,25" can only be comma decimals; "1,234.5", "12.5" only point decimals.
    if (/\d\.\d{3},\d/.test(t) || /(^|[^\d.,])\d+,(\d{1,2}|\d{4,})(\D|$)/.test(t) || /\d \d{3},\d/.test(t)) comma++;
    else if (/\d,\d{3}\.\d/.test(t) || /(^|[^\d.,])\d+\.(\d{1,2}|\d{4,})(\D|$)/.test(t)) point++;
  }
  return { decimalComma: comma > point, dayFirst: dayFirst > monthFirst };
}

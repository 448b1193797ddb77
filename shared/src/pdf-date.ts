/**
 * A PDF date string ("D:20240301093000+01'00'", every part after the year optional) as a Date;
 * undefined when it does not parse. A date without a zone is read as UTC.
 */
export function parsePdfDate(text: string): Date | undefined {
  const m = /^(?:D:)?(\d{4})(\d{2})?(\d{2})?(\d{2})?(\d{2})?(\d{2})?(Z|[+-]\d{2}'?\d{2}'?|[+-]\d{2})?/.exec(text.trim());
  if (!m) return undefined;
  const [, y, mo = '01', d = '01', h = '00', mi = '00', s = '00', zone] = m;
  const offset = !zone || zone === 'Z' ? 'Z' : `${zone.slice(0, 3)}:${zone.slice(3).replace(/'/g, '').padEnd(2, '0')}`;
  const date = new Date(`${y}-${mo}-${d}T${h}:${mi}:${s}${offset}`);
  return Number.isNaN(date.getTime()) ? undefined : date;
}

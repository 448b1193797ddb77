import { describe, expect, it } from 'vitest';
import { cellValue, readingConventions, type Conventions } from '../../worker/src/pdf-to-office/cell-values';

const english: Conventions = { decimalComma: false, dayFirst: false };
const french: Conventions = { decimalComma: true, dayFirst: true };
const utc = (y: number, m: number, d: number) => new Date(Date.UTC(y, m - 1, d));

describe('cell values', () => {
  it('reads figures as numbers, with a format that prints them as the PDF did', () => {
    expect(cellValue('150', english)).toEqual({ value: 150 });
    expect(cellValue('8,574', english)).toEqual({ value: 8574, numFmt: '#,##0' });
    expect(cellValue('1.1', english)).toEqual({ value: 1.1, numFmt: '0.0' });
    expect(cellValue('1,234.50', english)).toEqual({ value: 1234.5, numFmt: '#,##0.00' });
    expect(cellValue('(1,164)', english)).toEqual({ value: -1164, numFmt: '#,##0;(#,##0)' });
    expect(cellValue('−42', english)).toEqual({ value: -42 });
    expect(cellValue('12.5%', english)).toEqual({ value: 0.125, numFmt: '0.0%' });
    expect(cellValue('$6,205.', english)).toEqual({ value: 6205, numFmt: '"$"#,##0' });
    expect(cellValue('1 234,56', french)).toEqual({ value: 1234.56, numFmt: '#,##0.00' });
    expect(cellValue('6 205 €', french)).toEqual({ value: 6205, numFmt: '#,##0 "€"' });
    expect(cellValue('12,5', french)).toEqual({ value: 12.5, numFmt: '0.0' });
    expect(cellValue('1.234', french)).toEqual({ value: 1234, numFmt: '#,##0' });
  });

  it('keeps codes, ranges and figures with words as text', () => {
    for (const text of ['007', '2.20x', '—', '-', '2021-2023', '737–00–1028', '202–493–2251', '1,23,4', '1234567890123456', 'Up to $3,790', '3d-cube', '1 234'])
      expect(cellValue(text, english), text).toEqual({ value: text });
  });

  it('reads dates in the order the document writes them, in a format that shows them so', () => {
    expect(cellValue('06/22/2015', english)).toEqual({ value: utc(2015, 6, 22), numFmt: 'mm/dd/yyyy' });
    expect(cellValue('22/06/2015', french)).toEqual({ value: utc(2015, 6, 22), numFmt: 'dd/mm/yyyy' });
    expect(cellValue('3/4/15', english)).toEqual({ value: utc(2015, 3, 4), numFmt: 'm/d/yy' });
    expect(cellValue('31.12.2020', english)).toEqual({ value: utc(2020, 12, 31), numFmt: 'dd.mm.yyyy' });
    expect(cellValue('2015-07-01', english)).toEqual({ value: utc(2015, 7, 1), numFmt: 'yyyy-mm-dd' });
    expect(cellValue('June 22, 2015', english)).toEqual({ value: utc(2015, 6, 22), numFmt: 'mmmm d, yyyy' });
    expect(cellValue('22 juin 2015', french)).toEqual({ value: utc(2015, 6, 22), numFmt: 'd mmmm yyyy' });
    // No 30th of February, no 13th month.
    expect(cellValue('02/30/2015', english)).toEqual({ value: '02/30/2015' });
    expect(cellValue('13/01/2015', english)).toEqual({ value: '13/01/2015' });
  });

  it('learns the decimal mark and the order of day and month from the figures that leave no doubt', () => {
    expect(readingConventions(['06/22/2015', '07/01/2015', '1,234'])).toEqual({ decimalComma: false, dayFirst: false });
    expect(readingConventions(['22/06/2015', '01/07/2015'])).toEqual({ decimalComma: false, dayFirst: true });
    expect(readingConventions(['1.234,5', '12,5', '1,234'])).toEqual({ decimalComma: true, dayFirst: false });
    expect(readingConventions(['Total', '3.14', '1,234'])).toEqual({ decimalComma: false, dayFirst: false });
  });
});

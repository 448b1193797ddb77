import { describe, expect, it } from 'vitest';
import { fileStem } from '../../worker/src/inputs/pdf-input';

describe('fileStem', () => {
  it('drops the extension and any folder the browser sent', () => {
    expect(fileStem('report.final.pdf')).toBe('report.final');
    expect(fileStem('C:\\Users\\ann\\scan.PDF')).toBe('scan');
    expect(fileStem('../../etc/passwd')).toBe('passwd');
  });

  it('falls back to "document" when nothing is left', () => {
    expect(fileStem('.pdf')).toBe('document');
    expect(fileStem('')).toBe('document');
  });
});

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { pageFields } from '../../web/app/components/editor/page-fields';
import { textLines, type TextPiece } from '../../web/app/components/editor/text-lines';
import type { Rect } from '../../web/app/components/editor/operations';
import { fixture } from '../support/fixtures';

/** A page's fields as the editor's field layer names them, read with pdf.js as the browser reads them. */
async function fieldLabels(file: string, pageNumber: number): Promise<Map<string, string>> {
  const { getDocument } = await import('pdfjs-dist/legacy/build/pdf.mjs');
  const task = getDocument({ data: new Uint8Array(fs.readFileSync(file)), verbosity: 0 });
  try {
    const page = await (await task.promise).getPage(pageNumber);
    const base = page.getViewport({ scale: 1 });
    const content = await page.getTextContent();
    const items = content.items.filter((item): item is TextPiece & (typeof content.items)[number] => 'str' in item);
    const lines = textLines(items, base.width, base.height, (x, y) => base.convertToViewportPoint(x, y));
    const toFraction = (rect: number[]): Rect => {
      const [x1, y1, x2, y2] = base.convertToViewportRectangle(rect);
      return [Math.min(x1!, x2!) / base.width, Math.min(y1!, y2!) / base.height, Math.abs(x2! - x1!) / base.width, Math.abs(y2! - y1!) / base.height];
    };
    const fields = pageFields((await page.getAnnotations()) as never, lines, toFraction, base.height / base.width);
    return new Map(fields.map((f) => [f.name.replace(/^topmostSubform\[0\]\.Page\d\[0\]\./, ''), f.label]));
  } finally {
    await task.destroy();
  }
}

describe("a form field's accessible name, where the PDF gives it no tooltip", () => {
  it('is the label printed beside or under it on the IRS Form 941 (whose 63 fields on page 1 have no tooltip)', async () => {
    const labels = await fieldLabels(fixture('gov_forms/irs_f941_rev2024-03_original.pdf'), 1);
    expect(labels.size).toBe(63);
    expect(Object.fromEntries([...labels].filter(([name]) => /EntityArea\[0\]\.f1_(1|3|4|5|6|7|8)\[0\]$|ReportForQuarter\[0\]\.c1_1\[0\]|^f1_13\[0\]$|^c1_3\[1\]$/.test(name)))).toEqual({
      'Header[0].EntityArea[0].f1_1[0]': 'Employer identification number (EIN)',
      'Header[0].EntityArea[0].f1_3[0]': 'Name (not your trade name)',
      'Header[0].EntityArea[0].f1_4[0]': 'Trade name (if any)',
      'Header[0].EntityArea[0].f1_5[0]': 'Address',
      // Captions printed under the line, not the one under the line above.
      'Header[0].EntityArea[0].f1_6[0]': 'City',
      'Header[0].EntityArea[0].f1_7[0]': 'State',
      'Header[0].EntityArea[0].f1_8[0]': 'ZIP code',
      // A checkbox is named by the words after it.
      'Header[0].ReportForQuarter[0].c1_1[0]': '1: January, February, March',
      'c1_3[1]': 'Send a refund.',
      // Without its leader dots and the box number after them.
      'f1_13[0]': '2 Wages, tips, and other compensation',
    });
    // No field is left to be read out by its internal name.
    expect([...labels.values()].filter((label) => /topmostSubform|\[0\]/.test(label))).toEqual([]);
  });

  it('keeps a tooltip the PDF gives, and the field name when nothing is printed near it', async () => {
    const widget = { subtype: 'Widget', fieldType: 'Tx', rect: [100, 100, 200, 120] };
    const lines = [{ text: 'Surname', rect: [0.05, 0.8, 0.1, 0.02] as Rect, height: 0.02 }];
    const toFraction = (): Rect => [0.2, 0.8, 0.2, 0.02];
    expect(pageFields([{ ...widget, fieldName: 'a', alternativeText: 'Family name' }], lines, toFraction, 1.3)[0].label).toBe('Family name');
    expect(pageFields([{ ...widget, fieldName: 'b' }], lines, toFraction, 1.3)[0].label).toBe('Surname');
    expect(pageFields([{ ...widget, fieldName: 'c' }], [], toFraction, 1.3)[0].label).toBe('c');
  });
});

import { describe, expect, it } from 'vitest';
import { ENGINES, TOOLS, type EngineName } from '#shared/tools';
import { availableTools, chooseOcrEngine } from '../../worker/src/engines/capabilities';

const engines = (missing: EngineName[] = []) =>
  Object.fromEntries(ENGINES.map((e) => [e, !missing.includes(e)])) as Record<EngineName, boolean>;

describe('availableTools', () => {
  it('offers every built tool, and no other, when every engine is present', () => {
    expect(availableTools(engines()).sort()).toEqual(
      TOOLS.filter((t) => t.built)
        .map((t) => t.id)
        .sort(),
    );
  });

  it('switches off the tools that need a missing engine, and only those', () => {
    const withoutGs = availableTools(engines(['gs']));
    expect(withoutGs).not.toContain('compress-pdf');
    expect(withoutGs).toEqual(expect.arrayContaining(['merge-pdf', 'split-pdf']));
    expect(availableTools(engines(['qpdf'])).filter((id) => ['merge-pdf', 'split-pdf', 'compress-pdf'].includes(id))).toEqual([]);
    expect(availableTools(engines(['soffice', 'chromium', 'ebook-convert']))).toEqual(
      expect.arrayContaining(['compress-pdf', 'merge-pdf', 'split-pdf']),
    );
  });

  it('switches off a tool whose engine it needs on one path only, or only to check its output', () => {
    // pdf-ocr's PowerPoint output draws slide backgrounds with Ghostscript.
    expect(availableTools(engines(['gs']))).not.toContain('pdf-ocr');
    // pdfinfo (probed with pdftoppm) sizes pdf-to-ppt's slides.
    expect(availableTools(engines(['pdftoppm']))).not.toContain('pdf-to-ppt');
    expect(availableTools(engines(['pdftoppm']))).not.toContain('iwork-to-pdf');
    // The office tools count the converted pages with qpdf.
    const withoutQpdf = availableTools(engines(['qpdf']));
    for (const id of ['word-to-pdf', 'excel-to-pdf', 'ppt-to-pdf', 'txt-to-pdf', 'iwork-to-pdf'] as const) expect(withoutQpdf).not.toContain(id);
    expect(availableTools(engines(['gs', 'pdftoppm']))).toContain('word-to-pdf');
  });

  it('reads OCR on native Tesseract when it is installed, on tesseract.js otherwise or when OCR_ENGINE forces it', () => {
    expect(chooseOcrEngine(undefined, true)).toBe('native');
    expect(chooseOcrEngine(undefined, false)).toBe('wasm');
    expect(chooseOcrEngine('wasm', true)).toBe('wasm');
    // pdf-ocr runs either way: native Tesseract is no engine it needs.
    expect(availableTools(engines(['tesseract']))).toContain('pdf-ocr');
  });
});

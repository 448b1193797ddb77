import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture, pdfPages } from '../support/fixtures';
import { blockOrderScore, docxParagraphs, pptxSlideTexts, zipPart, zipParts } from '../support/office-text';
import { startStack, type Stack } from '../support/stack';

const MIME = {
  docx: 'application/vnd.openxmlformats-officedocument.wordprocessingml.document',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
  pptx: 'application/vnd.openxmlformats-officedocument.presentationml.presentation',
};

/** pdftotext's text of each page, its blocks apart. */
const pageTexts = (file: string) => pdfPages(fixture(file));

/** PDF to Word, Excel and PowerPoint, and OCR to PowerPoint, through the API: upload, transfer, progress, download. */
describe('PDF to Word, Excel and PowerPoint', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-convert-from-pdf-office-'));
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  /** Uploads a fixture, converts it, follows the task to its end and downloads the one result. */
  async function convert(file: string, body: Record<string, unknown>, ext: keyof typeof MIME) {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture(file), String(body.toolType));
    const started = await v.transfer({ ...body, token });
    expect(started.status).toBe(200);
    const done = await v.waitForTask(started.body.id, 120_000);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done', progress: 1 } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, `${path.basename(file, path.extname(file))}.${ext}`));
    expect(out.headers['content-type']).toBe(MIME[ext]);
    expect(out.headers['content-disposition']).toContain(`${path.basename(file, path.extname(file))}.${ext}`);
    // A real Office file: a zip with its content types and main part.
    expect(fs.readFileSync(out.path).subarray(0, 2).toString('latin1')).toBe('PK');
    expect(zipParts(out.path)).toContain('[Content_Types].xml');
    return out.path;
  }

  it('converts a two-column PDF to a Word document with its text in reading order', async () => {
    const docx = await convert('pdf/pypdf_multicolumn.pdf', { toolType: 'pdf-to-word' }, 'docx');
    expect(zipPart(docx, 'word/document.xml')).toBeDefined();
    const paragraphs = docxParagraphs(docx);
    expect(paragraphs.join('\n')).toContain('Two-Column Document with Lorem Ipsum');
    expect(blockOrderScore(pageTexts('pdf/pypdf_multicolumn.pdf').join('\n\n'), paragraphs.join('\n'))).toBeGreaterThanOrEqual(0.98);
  });

  it('converts a PDF table to a workbook, the records in its cells', async () => {
    const xlsx = await convert('pdf/plumber_WARN-Report.pdf', { toolType: 'pdf-to-excel' }, 'xlsx');
    const book = new ExcelJS.Workbook();
    await book.xlsx.readFile(xlsx);
    const cells: string[] = [];
    book.eachSheet((sheet) => sheet.eachRow((row) => row.eachCell((cell) => cells.push(String(cell.text)))));
    expect(cells).toContain('Maxim Integrated Product');
    expect(cells).toContain('Long Beach Memorial Medical Center');
  });

  it('converts a PDF to a deck of a slide per page, its text in text boxes', async () => {
    const pptx = await convert('pdf/pypdf_multicolumn.pdf', { toolType: 'pdf-to-ppt' }, 'pptx');
    const slides = pptxSlideTexts(pptx);
    expect(slides).toHaveLength(3);
    expect(slides[0]).toContain('Two-Column Document with Lorem Ipsum');
    const pages = pageTexts('pdf/pypdf_multicolumn.pdf');
    slides.forEach((slide, i) => expect(blockOrderScore(pages[i], slide)).toBeGreaterThanOrEqual(0.98));
    // The slides are A4 pages: 595.28 × 841.89 pt, in EMU.
    expect(zipPart(pptx, 'ppt/presentation.xml')).toMatch(/<p:sldSz cx="75600\d\d" cy="106920\d\d"/);
  });

  it('recognises a scan into a PowerPoint slide', async () => {
    const pptx = await convert('scanned/ocrmypdf_francais.pdf', { toolType: 'pdf-ocr', language: 'fra', outtype: 'ppt' }, 'pptx');
    expect(pptxSlideTexts(pptx).join(' ').replace(/\s+/g, ' ')).toContain('Portez ce vieux whisky au juge blond qui fume sur son île');
  });
});

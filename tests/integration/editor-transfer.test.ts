import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { visitor } from '../support/api-client';
import { fixture, pdfText, qpdfPages } from '../support/fixtures';
import { startStack, type Stack } from '../support/stack';

const textOp = (text: string) => ({
  type: 'text', page: 1, rect: [0.1, 0.02, 0.8, 0.06], text, font: 'sans', size: 14, color: '#000000', bold: false, italic: false, align: 'left',
});
/** A freehand stroke of many points, as a long drawing sends it. */
const longInk = { type: 'ink', page: 2, rect: [0, 0, 1, 1], strokes: [Array.from({ length: 8000 }, (_, i) => [0.1 + (0.8 * i) / 8000, 0.5 + 0.1 * Math.sin(i / 50)])], color: '#003399', width: 2 };

describe('the editor through the transfer call', () => {
  let stack: Stack;
  let tmp: string;
  beforeAll(async () => {
    stack = await startStack();
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-editor-'));
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('edits a PDF from a JSON body far larger than other requests, and serves it under its own name', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'), 'edit-pdf');
    const operations = JSON.stringify({ version: 1, operations: [textOp('Written through the API'), longInk, { type: 'rotatePage', page: 2, rect: [0, 0, 0, 0], angle: 90 }] });
    expect(operations.length).toBeGreaterThan(64 * 1024);
    const start = await v.transfer({ toolType: 'edit-pdf', token, operations });
    expect(start.status).toBe(200);
    const done = await v.waitForTask(start.body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'edited.pdf'));
    expect(qpdfPages(out.path)).toBe(14);
    expect(pdfText(out.path)).toContain('Written through the API');
  });

  it('applies operations that carry only what matters (no style fields, a highlight without its rect), as a JSON object', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'), 'annotate-pdf');
    const operations = {
      version: 1,
      operations: [
        { type: 'text', page: 1, rect: [0.1, 0.02, 0.8, 0.04], text: 'Minimal operations work' },
        { type: 'highlight', page: 1, rects: [[0.08, 0.095, 0.85, 0.03]] },
        { type: 'rotatePage', page: 2, angle: 90 },
      ],
    };
    const start = await v.transfer({ toolType: 'annotate-pdf', token, operations });
    expect(start.status).toBe(200);
    const done = await v.waitForTask(start.body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'minimal.pdf'));
    expect(execFileSync('pdftotext', ['-f', '1', '-l', '1', out.path, '-'], { encoding: 'utf8' })).toContain('Minimal operations work');
    // The highlight is an annotation of the file, and page 2 turned.
    expect(execFileSync('qpdf', ['--qdf', '--object-streams=disable', out.path, '-'], { encoding: 'latin1', maxBuffer: 256 * 1024 * 1024 })).toMatch(/\/Subtype \/Highlight/);
    expect(execFileSync('pdfinfo', ['-f', '2', '-l', '2', out.path], { encoding: 'utf8' })).toMatch(/Page\s+2 rot:\s+90/);
  });

  it('annotates a PDF and flattens the annotations into its text when asked', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'), 'annotate-pdf');
    const freeText = { type: 'freeText', page: 1, rect: [0.1, 0.02, 0.5, 0.04], text: 'An annotation burned in', size: 12, color: '#000000' };
    const start = await v.transfer({ toolType: 'annotate-pdf', token, operations: JSON.stringify({ version: 1, operations: [freeText] }), flatten: true });
    const done = await v.waitForTask(start.body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'annotated.pdf'));
    expect(pdfText(out.path)).toContain('An annotation burned in');
  });

  it('places an uploaded image the operations name, and refuses an image the requester does not own', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'), 'edit-pdf');
    const image = await v.uploadToken(fixture('images/exif_Landscape_3.jpg'), 'edit-pdf');
    const place = (t: string) => JSON.stringify({ version: 1, operations: [{ type: 'image', page: 1, rect: [0.1, 0.1, 0.3, 0.2], token: t, rotation: 0 }] });
    const done = await v.waitForTask((await v.transfer({ toolType: 'edit-pdf', token, operations: place(image) })).body.id);
    expect(done).toMatchObject({ code: 1000, result: { status: 'Done' } });
    const out = await v.download(done.result.fileurl!, path.join(tmp, 'with-image.pdf'));
    expect(execFileSync('pdfimages', ['-list', out.path], { encoding: 'utf8' })).toMatch(/\n\s*1\s+\d+\s+image/);

    const other = visitor(stack.app);
    const otherPdf = await other.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'), 'edit-pdf');
    expect((await other.transfer({ toolType: 'edit-pdf', token: otherPdf, operations: place(image) })).status).toBe(404);
  });

  it('answers ILLEGAL_INPUT for an operation the contract does not know, before any task is made', async () => {
    const v = visitor(stack.app);
    const token = await v.uploadToken(fixture('pdf/pdfjs_tracemonkey.pdf'), 'edit-pdf');
    const res = await v.transfer({ toolType: 'edit-pdf', token, operations: JSON.stringify({ version: 1, operations: [{ ...textOp('x'), type: 'explode' }] }) });
    expect(res.status).toBe(400);
    expect(res.body.error).toBe('ILLEGAL_INPUT');
    expect(res.body.message).toMatch(/^operations/);
  });
});

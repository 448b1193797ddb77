import { describe, expect, it } from 'vitest';
import { parseConversionRequest } from '../../api/src/services/task-service';
import { EDIT_LIMITS, editOperationsField, editorOptions, imageTokens, ZEditDocument } from '#shared/editor/operations';

const text = { type: 'text', page: 1, rect: [0.1, 0.1, 0.5, 0.1], text: 'Héllo 世界', font: 'sans', size: 12, color: '#112233', bold: false, italic: false, align: 'left' };
const doc = (...operations: unknown[]) => ({ version: 1, operations });

describe('editor operations', () => {
  it('accepts a document of every operation type', () => {
    const all = doc(
      text,
      { type: 'replaceText', page: 1, rect: [0.1, 0.2, 0.3, 0.02], text: 'new' },
      { type: 'whiteout', page: 1, rect: [0, 0, 1, 1] },
      { type: 'image', page: 1, rect: [0.2, 0.2, 0.2, 0.2], token: 'abc', rotation: 90 },
      { type: 'shape', page: 1, rect: [0.2, 0.2, 0.2, 0.2], shape: 'arrow', stroke: '#ff0000', fill: null, width: 2, flip: true },
      { type: 'ink', page: 2, rect: [0, 0, 1, 1], strokes: [[[0.1, 0.1], [0.2, 0.3]]], color: '#000000', width: 1.5 },
      { type: 'highlight', page: 1, rect: [0, 0, 1, 0.1], rects: [[0, 0, 1, 0.05]], color: '#ffff00' },
      { type: 'underline', page: 1, rect: [0, 0, 1, 0.1], rects: [[0, 0, 1, 0.05]], color: '#0000ff' },
      { type: 'strikeout', page: 1, rect: [0, 0, 1, 0.1], rects: [[0, 0, 1, 0.05]], color: '#ff0000' },
      { type: 'note', page: 1, rect: [0.5, 0.5, 0.03, 0.03], text: 'a comment', color: '#ffcc00' },
      { type: 'freeText', page: 1, rect: [0.5, 0.5, 0.2, 0.05], text: 'free', size: 11, color: '#000000' },
      { type: 'field', page: 1, rect: [0, 0, 0, 0], name: 'f1_1', value: ['a', 'b'] },
      { type: 'signature', page: 1, rect: [0.5, 0.8, 0.3, 0.1], kind: 'type', text: 'Ada Lovelace' },
      { type: 'stamp', page: 1, rect: [0.5, 0.8, 0.1, 0.05], stamp: 'date' },
      { type: 'rotatePage', page: 1, rect: [0, 0, 0, 0], angle: 90 },
      { type: 'deletePage', page: 2, rect: [0, 0, 0, 0] },
      { type: 'insertBlank', page: 1, rect: [0, 0, 0, 0] },
    );
    const parsed = ZEditDocument.parse(all);
    expect(parsed.operations.map((o) => o.type)).toHaveLength(17);
    expect(imageTokens(parsed.operations)).toEqual(['abc']);
  });

  it("gives a client's left-out style fields the panel's defaults, and a markup the bounds of its rects", () => {
    const parsed = ZEditDocument.parse(
      doc(
        { type: 'text', page: 1, rect: [0.1, 0.1, 0.5, 0.1], text: 'Approved' },
        { type: 'highlight', page: 1, rects: [[0.1, 0.2, 0.2, 0.02], [0.05, 0.23, 0.3, 0.02]] },
        { type: 'underline', page: 1, rects: [[0.1, 0.2, 0.2, 0.02]] },
        { type: 'shape', page: 1, rect: [0.2, 0.2, 0.2, 0.2], shape: 'rect' },
        { type: 'image', page: 1, rect: [0.2, 0.2, 0.2, 0.2], token: 'abc' },
        { type: 'field', page: 1, name: 'f1_1', value: 'x' },
        { type: 'rotatePage', page: 1, angle: 90 },
      ),
    );
    const [text, highlight, underline, shape, image, field, rotate] = parsed.operations;
    expect(text).toEqual({ type: 'text', page: 1, rect: [0.1, 0.1, 0.5, 0.1], text: 'Approved', font: 'sans', size: 14, color: '#111111', bold: false, italic: false, align: 'left' });
    expect(highlight).toMatchObject({ color: '#ffd400' });
    expect(highlight.rect.map((v) => Number(v.toFixed(6)))).toEqual([0.05, 0.2, 0.3, 0.05]);
    expect(underline).toMatchObject({ color: '#d32f2f' });
    expect(underline.rect.map((v) => Number(v.toFixed(6)))).toEqual([0.1, 0.2, 0.2, 0.02]);
    expect(shape).toMatchObject({ stroke: '#d32f2f', fill: null, width: 2 });
    expect(image).toMatchObject({ rotation: 0 });
    expect(field.rect).toEqual([0, 0, 0, 0]);
    expect(rotate.rect).toEqual([0, 0, 0, 0]);
  });

  it('keeps a markup rect the client sends, and still refuses a markup without rects or a text without its words', () => {
    const [mark] = ZEditDocument.parse(doc({ type: 'highlight', page: 1, rect: [0, 0, 1, 0.1], rects: [[0, 0, 1, 0.05]] })).operations;
    expect(mark.rect).toEqual([0, 0, 1, 0.1]);
    expect(ZEditDocument.safeParse(doc({ type: 'highlight', page: 1 })).success).toBe(false);
    expect(ZEditDocument.safeParse(doc({ type: 'text', page: 1, rect: [0, 0, 1, 0.1] })).success).toBe(false);
    expect(ZEditDocument.safeParse(doc({ type: 'text', page: 1, text: 'no box' })).success).toBe(false);
  });

  it('reads the JSON text form posts send, and the object JSON clients send', () => {
    expect(editOperationsField.parse(JSON.stringify(doc(text))).operations[0]).toMatchObject({ type: 'text', text: 'Héllo 世界' });
    expect(editOperationsField.parse(doc(text)).operations).toHaveLength(1);
  });

  it.each([
    ['an unknown type', doc({ ...text, type: 'explode' })],
    ['an unknown field', doc({ ...text, script: 'alert(1)' })],
    ['another version', { version: 2, operations: [] }],
    ['a rect past the right edge', doc({ ...text, rect: [0.8, 0.1, 0.5, 0.1] })],
    ['a negative coordinate', doc({ ...text, rect: [-0.1, 0.1, 0.5, 0.1] })],
    ['an infinite-looking number', doc({ ...text, size: 1e308 })],
    ['a font size out of range', doc({ ...text, size: 2 })],
    ['page 0', doc({ ...text, page: 0 })],
    ['a colour that is not #rrggbb', doc({ ...text, color: 'red' })],
    ['text longer than the cap', doc({ ...text, text: 'x'.repeat(EDIT_LIMITS.text + 1) })],
    ['a typed signature without text', doc({ type: 'signature', page: 1, rect: [0, 0, 0.1, 0.1], kind: 'type' })],
    ['an ink point off the page', doc({ type: 'ink', page: 1, rect: [0, 0, 1, 1], strokes: [[[1.2, 0.1]]], color: '#000000', width: 1 })],
  ])('refuses %s', (_, value) => {
    expect(ZEditDocument.safeParse(value).success).toBe(false);
  });

  it('refuses more operations, ink points or images than the caps', () => {
    const many = doc(...Array.from({ length: EDIT_LIMITS.operations + 1 }, () => text));
    expect(ZEditDocument.safeParse(many).success).toBe(false);
    const stroke = Array.from({ length: 30_000 }, (_, i) => [i / 30_000, 0.5]);
    const ink = { type: 'ink', page: 1, rect: [0, 0, 1, 1], strokes: [stroke], color: '#000000', width: 1 };
    expect(ZEditDocument.safeParse(doc(ink)).success).toBe(true);
    expect(ZEditDocument.safeParse(doc(ink, ink)).success).toBe(false);
    // One point past the cap, the answer names the cap.
    const atCap = { ...ink, strokes: [Array.from({ length: EDIT_LIMITS.inkPoints - 1 }, (_, i) => [i / EDIT_LIMITS.inkPoints, 0.5]), [[0.5, 0.5]]] };
    expect(ZEditDocument.safeParse(doc(atCap)).success).toBe(true);
    const overCap = { ...atCap, strokes: [...atCap.strokes, [[0.5, 0.6]]] };
    expect(() => parseConversionRequest({ toolType: 'edit-pdf', token: 't', operations: JSON.stringify(doc(overCap)) })).toThrow(
      expect.objectContaining({ code: 'ILLEGAL_INPUT', message: `operations must have at most ${EDIT_LIMITS.inkPoints} ink points` }),
    );
    const images = Array.from({ length: EDIT_LIMITS.imageTokens + 1 }, (_, i) => ({ type: 'image', page: 1, rect: [0, 0, 0.1, 0.1], token: `t${i}`, rotation: 0 }));
    expect(ZEditDocument.safeParse(doc(...images)).success).toBe(false);
    expect(ZEditDocument.safeParse(doc(...images.slice(1))).success).toBe(true);
  });

  it('refuses JSON text that does not parse', () => {
    expect(editOperationsField.safeParse('{"version":1,').success).toBe(false);
  });

  it('takes flatten as a boolean or the form string "true"', () => {
    const parsed = editorOptions.parse({ operations: JSON.stringify(doc(text)), flatten: 'true' });
    expect(parsed.flatten).toBe(true);
    expect(editorOptions.safeParse({ operations: JSON.stringify(doc(text)), flatten: 'yes' }).success).toBe(false);
  });

  it.each([
    ['an unknown operation type', doc({ ...text, type: 'explode' })],
    ['more operations than the cap', doc(...Array.from({ length: EDIT_LIMITS.operations + 1 }, () => text))],
    ['coordinates off the page', doc({ ...text, rect: [0.9, 0.1, 0.5, 0.1] })],
  ])('the transfer request answers ILLEGAL_INPUT for %s', (_, value) => {
    for (const toolType of ['edit-pdf', 'annotate-pdf', 'sign-pdf']) {
      expect(() => parseConversionRequest({ toolType, token: 't', operations: JSON.stringify(value) })).toThrow(expect.objectContaining({ code: 'ILLEGAL_INPUT' }));
    }
  });

  it('the transfer request accepts operations and flatten for the editor tools', () => {
    const { options } = parseConversionRequest({ toolType: 'edit-pdf', token: 't', operations: JSON.stringify(doc(text)), flatten: 'true' });
    expect(options).toMatchObject({ flatten: true, operations: { version: 1, operations: [{ type: 'text' }] } });
  });
});

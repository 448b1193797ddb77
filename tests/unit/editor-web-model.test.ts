import { describe, expect, it } from 'vitest';
import { buildEditDocument, historyReducer, initialHistory, placeOperation, type EditorObject, type History } from '../../web/app/components/editor/document-model';
import { ZEditDocument } from '#shared/editor/operations';
import type { ToolName } from '../../web/app/components/editor/editor-tools';
import { DEFAULT_STYLE, newObject } from '../../web/app/components/editor/new-object';
import { smoothStroke, fitStrokes } from '../../web/app/components/editor/signature';
import { selectedLineRects, textLines } from '../../web/app/components/editor/text-lines';

const text = (id: string, x = 0.1): EditorObject => ({
  id,
  op: { type: 'text', page: 1, rect: [x, 0.1, 0.3, 0.05], text: id, font: 'sans', size: 12, color: '#000000', bold: false, italic: false, align: 'left' },
});

const run = (...actions: Parameters<typeof historyReducer>[1][]) => actions.reduce<History>(historyReducer, initialHistory);

describe('editor document history', () => {
  it('undoes and redoes each change as one step', () => {
    const state = run({ type: 'add', object: text('a') }, { type: 'add', object: text('b') }, { type: 'place', id: 'a', rect: [0.5, 0.5, 0.3, 0.05] });
    expect(state.present.objects.map((o) => o.op.rect[0])).toEqual([0.5, 0.1]);
    const undone = historyReducer(state, { type: 'undo' });
    expect(undone.present.objects.map((o) => o.op.rect[0])).toEqual([0.1, 0.1]);
    const twice = historyReducer(undone, { type: 'undo' });
    expect(twice.present.objects.map((o) => o.id)).toEqual(['a']);
    const redone = historyReducer(historyReducer(twice, { type: 'redo' }), { type: 'redo' });
    expect(redone.present).toEqual(state.present);
  });

  it('forgets the redo steps once a new change is made', () => {
    const state = run({ type: 'add', object: text('a') }, { type: 'undo' }, { type: 'add', object: text('b') });
    expect(state.future).toEqual([]);
    expect(historyReducer(state, { type: 'redo' })).toBe(state);
  });

  it('removes an object and gets it back on undo', () => {
    const state = run({ type: 'add', object: text('a') }, { type: 'remove', id: 'a' });
    expect(state.present.objects).toEqual([]);
    expect(historyReducer(state, { type: 'undo' }).present.objects.map((o) => o.id)).toEqual(['a']);
  });

  it('keeps a moved object on its page', () => {
    const state = run({ type: 'add', object: text('a') }, { type: 'place', id: 'a', rect: [0.9, -0.2, 0.3, 0.05] });
    const [x, y, w] = state.present.objects[0].op.rect;
    expect(x + w).toBeLessThanOrEqual(1);
    expect(y).toBe(0);
  });
});

describe('moving and resizing', () => {
  it('carries ink strokes and markup rects with their object', () => {
    const ink = placeOperation({ type: 'ink', page: 1, rect: [0.1, 0.1, 0.2, 0.2], strokes: [[[0.1, 0.1], [0.3, 0.3]]], color: '#000000', width: 2 }, [0.5, 0.5, 0.4, 0.4]);
    expect(ink.type === 'ink' && ink.strokes.flat(2).map((n) => Math.round(n * 1000) / 1000)).toEqual([0.5, 0.5, 0.9, 0.9]);
    const mark = placeOperation({ type: 'highlight', page: 1, rect: [0, 0, 0.5, 0.1], rects: [[0, 0, 0.5, 0.1]], color: '#ffff00' }, [0.2, 0.2, 0.5, 0.1]);
    expect(mark.type === 'highlight' && mark.rects[0].map((n) => Math.round(n * 1000) / 1000)).toEqual([0.2, 0.2, 0.5, 0.1]);
  });
});

describe('the EditDocument sent to the server', () => {
  it('lists the objects in order, then the page operations, with one rotation per page', () => {
    const state = run(
      { type: 'add', object: text('a') },
      { type: 'pageOp', op: { type: 'rotatePage', page: 2, rect: [0, 0, 0, 0], angle: 90 } },
      { type: 'pageOp', op: { type: 'deletePage', page: 3, rect: [0, 0, 0, 0] } },
      { type: 'pageOp', op: { type: 'rotatePage', page: 2, rect: [0, 0, 0, 0], angle: 180 } },
      { type: 'pageOp', op: { type: 'rotatePage', page: 1, rect: [0, 0, 0, 0], angle: 180 } },
      { type: 'pageOp', op: { type: 'rotatePage', page: 1, rect: [0, 0, 0, 0], angle: 180 } },
    );
    const doc = buildEditDocument(state.present);
    expect(doc.version).toBe(1);
    expect(doc.operations.map((o) => o.type)).toEqual(['text', 'rotatePage', 'deletePage']);
    expect(doc.operations[1]).toMatchObject({ page: 2, angle: 270 });
  });

  it('writes coordinates as fractions of the page, without the screen-only fields', () => {
    const object: EditorObject = { ...text('a'), src: 'blob:x', original: 'old' };
    object.op.rect = [1 / 3, 0.1, 0.3, 0.05];
    const doc = buildEditDocument(run({ type: 'add', object }).present);
    expect(doc.operations[0].rect[0]).toBe(0.333333);
    expect(JSON.stringify(doc)).not.toContain('blob:');
  });
});

describe('empty text', () => {
  it('leaves out a text box left empty, but sends an emptied line, which removes it', () => {
    const empty = { ...text('a'), op: { ...text('a').op, text: ' ' } };
    const emptied: EditorObject = { id: 'r', op: { type: 'replaceText', page: 1, rect: [0.1, 0.2, 0.3, 0.02], text: '' } };
    const doc = buildEditDocument(run({ type: 'add', object: empty }, { type: 'add', object: emptied }, { type: 'add', object: text('b') }).present);
    expect(doc.operations.map((o) => o.type)).toEqual(['replaceText', 'text']);
  });
});

describe('what every tool places', () => {
  it('passes the shared contract, kept on the page even when placed at its edge', () => {
    const tools: ToolName[] = ['text', 'whiteout', 'rect', 'ellipse', 'line', 'arrow', 'note', 'signature', 'initials', 'date', 'check'];
    const signature = { kind: 'draw' as const, strokes: [[[0, 0], [1, 1]] as [number, number][]], aspect: 3, color: '#1a237e' };
    const objects = tools.map((tool) => {
      const placed = newObject(tool, { page: 1, rect: [0.95, 0.97, 0.35, 0.04], style: DEFAULT_STYLE, pageAspect: 0.77, signature, initials: 'AB', today: '26/11/2026' })!;
      const typed = placed.op.type === 'text' ? { ...placed.op, text: 'Hello' } : placed.op;
      return { ...placed, op: placeOperation(typed, placed.op.rect) };
    });
    objects.push({ id: 'ink', op: { type: 'ink', page: 2, rect: [0.1, 0.1, 0.1, 0.1], strokes: [[[0.1, 0.1], [0.2, 0.2]]], color: '#000000', width: 2 } });
    objects.push({ id: 'mark', op: { type: 'underline', page: 1, rect: [0.1, 0.1, 0.3, 0.02], rects: [[0.1, 0.1, 0.3, 0.02]], color: '#d32f2f' } });
    const state = objects.reduce<History>((h, object) => historyReducer(h, { type: 'add', object }), initialHistory);
    const sent = buildEditDocument(historyReducer(state, { type: 'pageOp', op: { type: 'insertBlank', page: 2, rect: [0, 0, 0, 0] } }).present);
    const checked = ZEditDocument.safeParse(JSON.parse(JSON.stringify(sent)));
    expect(checked.error?.issues).toBeUndefined();
    expect(sent.operations).toHaveLength(tools.length + 3);
  });
});

describe('lines of text found on a page', () => {
  // A 600×800 page, unrotated: PDF y grows upwards, the display's downwards.
  const toView = (x: number, y: number) => [x, 800 - y];
  const piece = (str: string, x: number, y: number, width: number, size = 10) => ({ str, transform: [size, 0, 0, size, x, y], width });

  it('joins the pieces of one line and keeps lines apart', () => {
    const lines = textLines([piece('Hello', 60, 700, 30), piece('world', 95, 700, 30), piece('Second line', 60, 680, 60)], 600, 800, toView);
    expect(lines.map((l) => l.text)).toEqual(['Hello world', 'Second line']);
    const [x, y, w, h] = lines[0].rect;
    expect(x).toBeCloseTo(0.1);
    expect(y).toBeCloseTo(90 / 800);
    expect(x + w).toBeCloseTo(125 / 600);
    expect(h).toBeCloseTo(12.5 / 800);
    expect(lines[0].height * 800).toBeCloseTo(10);
  });

  it('cuts a highlight to the dragged span of each line it crosses', () => {
    const lines = textLines([piece('Hello world', 60, 700, 120)], 600, 800, toView);
    const [rect] = selectedLineRects(lines, [0.2, 0.15], [0.15, 0.1]);
    expect(rect[0]).toBeCloseTo(0.15);
    expect(rect[2]).toBeCloseTo(0.05);
    expect(selectedLineRects(lines, [0.5, 0.5], [0.75, 0.75])).toEqual([[0.5, 0.5, 0.25, 0.25]]);
  });

  it('marks several lines as a text selection: the first from the start point, the middle whole, the last to the end point', () => {
    // Three lines from x 60 to 300 (0.1 to 0.5 of the page), 20 pt apart.
    const lines = textLines([piece('First line of text', 60, 700, 240), piece('Middle line of text', 60, 680, 240), piece('Last line of text', 60, 660, 240)], 600, 800, toView);
    // Dragged up, from the last line's middle to the first line's middle: the selection still reads downwards.
    const rects = selectedLineRects(lines, [0.2, 138 / 800], [0.3, 97 / 800]);
    expect(rects).toHaveLength(3);
    const [first, middle, last] = rects;
    expect(first[0]).toBeCloseTo(0.3);
    expect(first[0] + first[2]).toBeCloseTo(0.5);
    expect(middle[0]).toBeCloseTo(0.1);
    expect(middle[2]).toBeCloseTo(0.4);
    expect(last[0]).toBeCloseTo(0.1);
    expect(last[0] + last[2]).toBeCloseTo(0.2);
    expect(first[1]).toBeLessThan(middle[1]);
    expect(middle[1]).toBeLessThan(last[1]);
  });
});

describe('drawn signatures', () => {
  it('evens out a jittery stroke and keeps its ends', () => {
    const smooth = smoothStroke([[0, 0], [0.5, 1], [1, 0]]);
    expect(smooth).toEqual([[0, 0], [0.5, 0.5], [1, 0]]);
  });

  it('crops strokes to their own box', () => {
    const { strokes, aspect } = fitStrokes([[[0.25, 0.25], [0.75, 0.75]]], 3);
    expect(strokes).toEqual([[[0, 0], [1, 1]]]);
    expect(aspect).toBe(3);
  });
});

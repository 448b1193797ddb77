/**
 * Takes what hidden optional content draws out of a content stream, keeping every change of state.
 *
 * A reader skips painting inside a hidden `/OC /name BDC … EMC` section but still applies its
 * graphics and text state (colours, matrices, fonts, clipping, text position), which the visible
 * content after it relies on. So inside such a section only what paints goes: text-showing
 * operators with their strings, paths that are painted but do not clip, XObjects, shadings and
 * inline images. The section's own BDC and EMC go too, so nothing names the layer any more.
 * A `Do` of an XObject that belongs to a hidden layer goes wherever it is.
 */

/** What decides hiding: a marked-content property name, or an XObject name, of the stream's resources. */
export interface HiddenNames {
  properties: ReadonlySet<string>;
  xobjects: ReadonlySet<string>;
}

interface Token {
  kind: 'operand' | 'operator';
  text: string;
  start: number;
  end: number;
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const isRegular = (b: number) => !WHITESPACE.has(b) && !DELIMITERS.has(b);

/** Path construction, painting and the operators that show text. */
const PATH_START = new Set(['m', 're']);
const PATH_PAINT = new Set(['S', 's', 'f', 'F', 'f*', 'B', 'B*', 'b', 'b*', 'n']);
const SHOW_TEXT = new Set(['Tj', 'TJ']);

/** The tokens of a content stream; an inline image (BI … ID data EI) is one operator token. */
function* tokens(data: Buffer): Generator<Token> {
  let i = 0;
  const n = data.length;
  while (i < n) {
    const b = data[i];
    if (WHITESPACE.has(b)) {
      i++;
    } else if (b === 0x25) {
      while (i < n && data[i] !== 0x0a && data[i] !== 0x0d) i++;
    } else if (b === 0x28) {
      const start = i;
      let depth = 0;
      for (; i < n; i++) {
        if (data[i] === 0x5c) i++;
        else if (data[i] === 0x28) depth++;
        else if (data[i] === 0x29 && --depth === 0) break;
      }
      i++;
      yield { kind: 'operand', text: '(', start, end: i };
    } else if (b === 0x3c && data[i + 1] === 0x3c) {
      const start = i;
      i = skipDictionary(data, i);
      yield { kind: 'operand', text: '<<', start, end: i };
    } else if (b === 0x3c) {
      const start = i;
      while (i < n && data[i] !== 0x3e) i++;
      i++;
      yield { kind: 'operand', text: '<', start, end: i };
    } else if (b === 0x5b || b === 0x5d || b === 0x7b || b === 0x7d || b === 0x3e) {
      // Array brackets are part of an operand (TJ's array), never an operator.
      yield { kind: 'operand', text: String.fromCharCode(b), start: i, end: ++i };
    } else if (b === 0x2f) {
      const start = i++;
      while (i < n && isRegular(data[i])) i++;
      yield { kind: 'operand', text: data.toString('latin1', start, i), start, end: i };
    } else {
      const start = i;
      while (i < n && isRegular(data[i])) i++;
      const text = data.toString('latin1', start, i);
      if (/^[+\-.\d]/.test(text) || text === 'true' || text === 'false' || text === 'null') {
        yield { kind: 'operand', text, start, end: i };
      } else if (text === 'BI') {
        i = endOfInlineImage(data, i);
        yield { kind: 'operator', text: 'BI', start, end: i };
      } else {
        yield { kind: 'operator', text, start, end: i };
      }
    }
  }
}

/** The end of a `<< … >>` dictionary starting at `at` (nested dictionaries, strings with brackets inside). */
function skipDictionary(data: Buffer, at: number): number {
  let depth = 0;
  let i = at;
  while (i < data.length) {
    if (data[i] === 0x3c && data[i + 1] === 0x3c) {
      depth++;
      i += 2;
    } else if (data[i] === 0x3e && data[i + 1] === 0x3e) {
      i += 2;
      if (--depth === 0) return i;
    } else if (data[i] === 0x28) {
      let nested = 0;
      for (; i < data.length; i++) {
        if (data[i] === 0x5c) i++;
        else if (data[i] === 0x28) nested++;
        else if (data[i] === 0x29 && --nested === 0) break;
      }
      i++;
    } else {
      i++;
    }
  }
  return i;
}

/** Past `EI` of an inline image whose `BI` ends at `at`: its data is binary, so EI counts only between whitespace. */
function endOfInlineImage(data: Buffer, at: number): number {
  const id = data.indexOf('ID', at, 'latin1');
  if (id < 0) return data.length;
  for (let i = id + 3; i < data.length - 1; i++) {
    if (data[i] === 0x45 && data[i + 1] === 0x49 && WHITESPACE.has(data[i - 1]) && (i + 2 >= data.length || !isRegular(data[i + 2]))) return i + 2;
  }
  return data.length;
}

/** A replacement of bytes [start, end) of the stream. */
interface Edit {
  start: number;
  end: number;
  text: string;
}

/**
 * The stream without what hidden content paints; `removed` counts the hidden sections and XObjects
 * taken out (0: the stream is returned as it was).
 */
export function removeHiddenContent(data: Buffer, hidden: HiddenNames): { data: Buffer; removed: number } {
  const edits: Edit[] = [];
  /** Open marked-content sequences: true for a hidden layer's own BDC. */
  const marks: boolean[] = [];
  let hiddenDepth = 0;
  let removed = 0;
  let operands: Token[] = [];
  let path: { start: number; clips: boolean } | undefined;
  const drop = (start: number, end: number, text = '') => edits.push({ start, end, text });

  for (const token of tokens(data)) {
    if (token.kind === 'operand') {
      operands.push(token);
      continue;
    }
    const from = operands[0]?.start ?? token.start;
    const op = token.text;
    const inHidden = hiddenDepth > 0;
    if (op === 'BDC' || op === 'BMC') {
      const ownsLayer = op === 'BDC' && operands[0]?.text === '/OC' && hidden.properties.has(operands[1]?.text.slice(1) ?? '');
      marks.push(ownsLayer);
      if (ownsLayer) {
        if (hiddenDepth === 0) removed++;
        hiddenDepth++;
        drop(from, token.end);
      }
    } else if (op === 'EMC') {
      if (marks.pop()) {
        hiddenDepth--;
        drop(token.start, token.end);
      }
    } else if (op === 'Do' && (inHidden || hidden.xobjects.has(operands.at(-1)?.text.slice(1) ?? ''))) {
      if (!inHidden) removed++;
      drop(from, token.end);
    } else if (inHidden) {
      if (PATH_START.has(op)) path ??= { start: from, clips: false };
      else if (op === 'W' || op === 'W*') path = { start: path?.start ?? from, clips: true };
      else if (PATH_PAINT.has(op)) {
        // A clipping path stays, ended without painting; any other path goes whole.
        if (path?.clips) drop(token.start, token.end, 'n');
        else drop(path?.start ?? from, token.end);
        path = undefined;
      } else if (SHOW_TEXT.has(op) || op === 'sh' || op === 'BI') drop(from, token.end);
      // ' moves to the next line and shows; " also sets the spacings: the moves stay.
      else if (op === "'") drop(from, token.end, 'T*');
      else if (op === '"' && operands.length === 3) drop(from, token.end, `${operands[0].text} Tw ${operands[1].text} Tc T*`);
    }
    operands = [];
  }
  if (edits.length === 0) return { data, removed: 0 };
  return { data: applyEdits(data, edits), removed };
}

function applyEdits(data: Buffer, edits: Edit[]): Buffer {
  const parts: Buffer[] = [];
  let at = 0;
  for (const edit of edits.sort((a, b) => a.start - b.start)) {
    if (edit.start < at) continue;
    parts.push(data.subarray(at, edit.start), Buffer.from(edit.text ? ` ${edit.text} ` : ' ', 'latin1'));
    at = edit.end;
  }
  parts.push(data.subarray(at));
  return Buffer.concat(parts);
}

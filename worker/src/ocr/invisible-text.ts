import { PDFArray, PDFDict, PDFName, PDFRawStream, PDFRef, PDFStream, decodePDFRawStream, type PDFDocument, type PDFPage } from 'pdf-lib';

/**
 * Removes the invisible text (rendering mode 3) of pages: the text layer an earlier OCR laid over a
 * scan. Text drawn to be seen stays, as do the images and drawings; nothing the page shows changes.
 * The form XObjects a page draws are cleaned too (some OCR programs put their layer in one); a form
 * shared with a page not cleaned loses its invisible text there as well, which changes nothing seen.
 */
export function removeInvisibleText(doc: PDFDocument, pages: PDFPage[]): void {
  const cleaned = new Set<PDFRef>();
  for (const page of pages) {
    const contents = page.node.Contents();
    if (!contents) continue;
    const streams = contents instanceof PDFArray ? contents.asArray() : [contents];
    const source = streams.map((s) => streamBytes(doc, s)).filter((b): b is Uint8Array => b !== undefined);
    const joined = Buffer.concat(source.flatMap((b) => [Buffer.from(b), Buffer.from('\n')]));
    const { content, forms } = stripContent(joined, 0);
    page.node.set(PDFName.of('Contents'), doc.context.register(doc.context.flateStream(content)));
    cleanForms(doc, page.node.Resources(), forms, cleaned);
  }
}

/** Cleans the form XObjects named in `forms` (each with the rendering mode it is drawn with), and theirs in turn. */
function cleanForms(doc: PDFDocument, resources: PDFDict | undefined, forms: Map<string, number>, cleaned: Set<PDFRef>): void {
  const xobjects = resources?.lookupMaybe(PDFName.of('XObject'), PDFDict);
  for (const [name, mode] of forms) {
    const ref = xobjects?.get(PDFName.of(name));
    if (!(ref instanceof PDFRef) || cleaned.has(ref)) continue;
    const form = doc.context.lookup(ref);
    if (!(form instanceof PDFStream) || form.dict.get(PDFName.of('Subtype')) !== PDFName.of('Form')) continue;
    cleaned.add(ref);
    const bytes = streamBytes(doc, form);
    if (!bytes) continue;
    const { content, forms: inner } = stripContent(Buffer.from(bytes), mode);
    const dict = form.dict.clone(doc.context);
    for (const key of ['Filter', 'DecodeParms', 'Length']) dict.delete(PDFName.of(key));
    const entries = Object.fromEntries(dict.entries().map(([k, v]) => [k.decodeText(), v]));
    doc.context.assign(ref, doc.context.flateStream(content, entries));
    cleanForms(doc, form.dict.lookupMaybe(PDFName.of('Resources'), PDFDict) ?? resources, inner, cleaned);
  }
}

/** The decoded bytes of a content stream, or undefined when its filter cannot be decoded (it is left out). */
function streamBytes(doc: PDFDocument, value: unknown): Uint8Array | undefined {
  const stream = value instanceof PDFRef ? doc.context.lookup(value) : value;
  if (stream instanceof PDFRawStream) {
    try {
      return decodePDFRawStream(stream).decode();
    } catch {
      return undefined;
    }
  }
  return stream instanceof PDFStream ? stream.getContents() : undefined;
}

const WHITESPACE = new Set([0x00, 0x09, 0x0a, 0x0c, 0x0d, 0x20]);
const DELIMITERS = new Set([...'()<>[]{}/%'].map((c) => c.charCodeAt(0)));
const isRegular = (b: number) => !WHITESPACE.has(b) && !DELIMITERS.has(b);
const OPERAND = /^([+-]?(\d+\.?\d*|\.\d+)|true|false|null)$/;
const INVISIBLE = 3;

/**
 * One pass over a content stream: the text-showing operators run while the rendering mode is 3
 * are dropped (`'` and `"` keep their move to the next line), everything else is copied byte for
 * byte. Returns the new stream and the forms it draws (`Do`) with the rendering mode in force there.
 */
export function stripContent(input: Buffer, startMode: number): { content: Buffer; forms: Map<string, number> } {
  const out: Buffer[] = [];
  const forms = new Map<string, number>();
  const modes: number[] = [];
  let mode = startMode;
  let copied = 0;
  let operands: Array<{ start: number; text: string }> = [];
  let i = 0;
  const n = input.length;

  const skipString = () => {
    let depth = 0;
    for (; i < n; i++) {
      const b = input[i];
      if (b === 0x5c) i++;
      else if (b === 0x28) depth++;
      else if (b === 0x29 && --depth === 0) {
        i++;
        return;
      }
    }
  };

  while (i < n) {
    const b = input[i];
    const start = i;
    if (WHITESPACE.has(b)) {
      i++;
      continue;
    }
    if (b === 0x25) {
      while (i < n && input[i] !== 0x0a && input[i] !== 0x0d) i++;
      continue;
    }
    if (b === 0x28) {
      skipString();
    } else if (b === 0x3c && input[i + 1] === 0x3c) {
      i += 2;
    } else if (b === 0x3e && input[i + 1] === 0x3e) {
      i += 2;
    } else if (b === 0x3c) {
      while (i < n && input[i] !== 0x3e) i++;
      i++;
    } else if (b === 0x2f) {
      i++;
      while (i < n && isRegular(input[i])) i++;
    } else if (!isRegular(b)) {
      i++;
    } else {
      while (i < n && isRegular(input[i])) i++;
      const word = input.toString('latin1', start, i);
      if (!OPERAND.test(word)) {
        // An operator: act on it with the operands gathered since the last one.
        if (word === 'BI') {
          // An inline image: its data runs from one byte after ID to an EI standing on its own.
          const data = input.indexOf('ID', i, 'latin1');
          let end = data < 0 ? n : data + 3;
          while (end < n && !(WHITESPACE.has(input[end - 1]) && input.toString('latin1', end, end + 2) === 'EI' && (end + 2 >= n || !isRegular(input[end + 2])))) end++;
          i = Math.min(n, end + 2);
        } else if (word === 'q') modes.push(mode);
        else if (word === 'Q') mode = modes.pop() ?? mode;
        else if (word === 'Tr' && operands.length > 0) mode = Number(operands[operands.length - 1].text);
        else if (word === 'Do' && operands.length > 0) forms.set(operands[operands.length - 1].text.slice(1), mode);
        else if (mode === INVISIBLE && (word === 'Tj' || word === 'TJ' || word === "'" || word === '"')) {
          const from = operands[0]?.start ?? start;
          out.push(input.subarray(copied, from));
          if (word === "'") out.push(Buffer.from('T* '));
          if (word === '"' && operands.length >= 3) out.push(Buffer.from(`${operands[0].text} Tw ${operands[1].text} Tc T* `));
          copied = i;
        }
        operands = [];
        continue;
      }
    }
    operands.push({ start, text: input.toString('latin1', start, i) });
  }
  out.push(input.subarray(copied));
  return { content: Buffer.concat(out), forms };
}

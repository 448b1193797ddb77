import { mkdtemp, readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import redactTool, { REDACT_PATTERNS } from '#shared/tools/redact-pdf';
import * as qpdf from '../engines/qpdf';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { ObjectCleaner } from '../redact/clean-objects';
import { Matcher } from '../redact/matcher';
import { redactPages } from '../redact/redact-pages';
import { defineProcessor } from '../contract/processor';

/**
 * True redaction, in two passes: PDFium finds the matches and removes what lies under every area
 * (see `redactPages`), then qpdf reads the result as JSON to clean what is not page content —
 * annotations, bookmarks, fields and Info carrying a phrase, and the XMP packets — and writes the
 * file again with only what is still referred to, so the old content streams cannot linger.
 */
const redactPdf = defineProcessor(redactTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'redact-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  const matcher = new Matcher({ terms: ctx.options.terms, regex: ctx.options.regex, patterns: REDACT_PATTERNS.filter((p) => ctx.options[p]) });

  const redacted = await redactPages(await readFile(doc.path), matcher, ctx.options.boxes, (done, total) => ctx.progress(0.1 + (0.6 * done) / total));
  const paged = path.join(dir, 'paged.pdf');
  await writeFile(paged, redacted.bytes);

  const [objects, pages] = await Promise.all([qpdf.allObjects(paged, ctx.signal), qpdf.pageObjects(paged, ctx.signal)]);
  const cleaner = new ObjectCleaner(objects, pages.map((p) => p.object), matcher);
  cleaner.clean();
  const updates = cleaner.updates();
  const xmpRefs = Object.entries(objects)
    .filter(([, entry]) => entry.stream?.dict['/Type'] === '/Metadata')
    .map(([key]) => key.replace(/^obj:/, ''));
  const xmp = await qpdf.decodedStreams(paged, xmpRefs, ctx.signal);
  for (const [key, entry] of Object.entries(xmp)) {
    const data = entry.stream?.data;
    // A packet qpdf could not decode still names its filter: it cannot be read, so it cannot stay.
    const text = data && entry.stream!.dict['/Filter'] === undefined ? Buffer.from(data, 'base64').toString('utf8') : undefined;
    const clean = text === undefined ? '' : matcher.scrub(text);
    if (clean === undefined) continue;
    cleaner.cleaned += 1;
    updates[key] = { stream: { dict: { ...entry.stream!.dict, ...(updates[key]?.stream?.dict ?? {}) }, data: Buffer.from(clean, 'utf8').toString('base64') } };
  }
  await ctx.progress(0.85);

  const output = path.join(dir, 'output.pdf');
  await qpdf.updateObjects(paged, updates, output, { workDir: dir, signal: ctx.signal });
  return {
    outputs: [{ path: output, name: `${fileStem(input.name)}-redacted.pdf` }],
    report: { tool: 'redact-pdf', areas: redacted.areas, pages: redacted.pages, cleaned: cleaner.cleaned, left: redacted.left },
  };
});

export default redactPdf;

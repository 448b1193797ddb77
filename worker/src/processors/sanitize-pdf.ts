import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import sanitizeTool, { SANITIZE_KINDS } from '#shared/tools/sanitize-pdf';
import * as qpdf from '../engines/qpdf';
import { fileStem, readyForQpdf, singleInput } from '../inputs/pdf-input';
import { removeHiddenContent } from './hidden-content';
import { Sanitizer } from './sanitize-objects';
import { defineProcessor } from '../contract/processor';

/**
 * Removes the chosen kinds of hidden or active content and says, kind by kind, what the file held
 * and what went. The document is read whole as qpdf JSON and written back with only the changed
 * objects replaced; content streams are read only for pages and forms that draw a hidden layer.
 */
const sanitizePdf = defineProcessor(sanitizeTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'sanitize-'));
  const doc = await readyForQpdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  const [objects, pages] = await Promise.all([qpdf.allObjects(doc.path, ctx.signal), qpdf.pageObjects(doc.path, ctx.signal)]);
  await ctx.progress(0.3);

  const chosen = Object.fromEntries(SANITIZE_KINDS.map((kind) => [kind, ctx.options[kind]])) as Record<(typeof SANITIZE_KINDS)[number], boolean>;
  const sanitizer = new Sanitizer(objects, pages.map((p) => p.object), chosen);
  const jobs = sanitizer.analyze();
  const streams = await qpdf.decodedStreams(doc.path, [...new Set(jobs.flatMap((job) => job.streams))], ctx.signal);
  for (const job of jobs) {
    const read = job.streams.map((ref) => streams[`obj:${ref}`]?.stream);
    // A stream qpdf could not decode still names its filter: it is left as it is, and so are its layers.
    if (read.some((s) => !s?.data || s.dict['/Filter'] !== undefined)) {
      job.left = new Set([...job.hidden.properties, ...job.hidden.xobjects]);
      continue;
    }
    const data = Buffer.concat(read.flatMap((s) => [Buffer.from(s!.data!, 'base64'), Buffer.from('\n')]));
    sanitizer.setContent(job, removeHiddenContent(data, job.hidden), read[0]!.dict);
  }
  sanitizer.finish();
  await ctx.progress(0.6);

  const output = path.join(dir, 'output.pdf');
  await qpdf.updateObjects(doc.path, sanitizer.updates(), output, { workDir: dir, signal: ctx.signal });
  return {
    outputs: [{ path: output, name: `${fileStem(input.name)}-sanitized.pdf` }],
    report: { tool: 'sanitize-pdf', found: sanitizer.found, removed: sanitizer.removed },
  };
});

export default sanitizePdf;

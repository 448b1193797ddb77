import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import flattenTool from '#shared/tools/flatten-pdf';
import * as qpdf from '../engines/qpdf';
import { fileStem, readyForQpdf, singleInput } from '../inputs/pdf-input';
import { defineProcessor } from '../contract/processor';

type Dict = Record<string, unknown>;

/**
 * Form fields and annotations become part of the page: qpdf draws each one's appearance into the
 * content (generating it from the field's value where the form left that to the reader), then
 * whatever qpdf leaves behind — an annotation it could not flatten, a form with no fields left —
 * is removed, so nothing interactive remains.
 */
const flattenPdf = defineProcessor(flattenTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'flatten-'));
  const doc = await readyForQpdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.2);

  const flat = path.join(dir, 'flat.pdf');
  await qpdf.flattenAnnotations(doc.path, flat, ctx.signal);
  await ctx.progress(0.7);

  const output = path.join(dir, 'output.pdf');
  const leftovers = await interactiveLeftovers(flat, ctx.signal);
  if (Object.keys(leftovers).length === 0) return { outputs: [{ path: flat, name: `${fileStem(input.name)}-flattened.pdf` }] };
  await qpdf.updateObjects(flat, leftovers, output, { workDir: dir, signal: ctx.signal });
  return { outputs: [{ path: output, name: `${fileStem(input.name)}-flattened.pdf` }] };
});

/** The catalog and the pages that still hold a form or annotations, each without them. */
async function interactiveLeftovers(file: string, signal: AbortSignal): Promise<qpdf.QpdfObjects> {
  const pages = (await qpdf.pageObjects(file, signal)).map((p) => p.object);
  const { objects } = await qpdf.jsonObjects(file, pages, signal);
  const root = (objects.trailer.value as Dict)['/Root'] as string;
  const { objects: withRoot } = await qpdf.jsonObjects(file, [root], signal);
  const updates: qpdf.QpdfObjects = {};
  const without = (ref: string, key: string, all: qpdf.QpdfObjects) => {
    const value = all[`obj:${ref}`]?.value as Dict | undefined;
    if (!value || !(key in value)) return;
    const { [key]: _dropped, ...rest } = value;
    updates[`obj:${ref}`] = { value: rest };
  };
  without(root, '/AcroForm', withRoot);
  for (const page of pages) without(page, '/Annots', objects);
  return updates;
}

export default flattenPdf;

import fs from 'node:fs';
import { describe, expect, it } from 'vitest';
import { ASSISTANT_TOOLS, TASK_TOOLS, TOOLS, getTool, inMenu, outputsImages, toolCatalog, toolSlugs } from '#shared/tools';
import htmlTool from '#shared/tools/html-to-pdf';
import rotateTool from '#shared/tools/rotate-pdf';
import { convertMenu, topTools } from '../../web/app/components/layout/nav-links';
import { PROCESSORS, loadProcessor } from '../../worker/src/processors';
import { defineProcessor, type ProcessorContext, type ToolOptions } from '../../worker/src/contract/processor';

/** The `.ts` files of a folder of the repository, without their extension. */
const modulesIn = (dir: string) =>
  fs
    .readdirSync(new URL(`../../${dir}/`, import.meta.url))
    .filter((f) => f.endsWith('.ts'))
    .map((f) => f.slice(0, -'.ts'.length));
// Checked by tsc: a processor reads its own tool's options and cannot be given another tool's.
// @ts-expect-error rotate-pdf's options carry no `url`.
defineProcessor(rotateTool, async (ctx: ProcessorContext<ToolOptions<typeof htmlTool>>) => ({ outputs: [], name: ctx.options.url }));

/** Modules of shared/src/tools that declare no tool. */
const TOOL_HELPERS = ['index', 'define', 'catalog', 'fields', 'stamp-fields', 'libreoffice', 'sanitize-kinds', 'redact-kinds'];

describe('tool registry', () => {
  it('declares every tool once, with its route slug as id', () => {
    const ids = TASK_TOOLS.map((t) => t.id);
    expect(new Set(ids).size).toBe(ids.length);
    for (const id of ids) expect(id).toMatch(/^[a-z0-9]+(-[a-z0-9]+)*$/);
  });

  it('lists every declaration of shared/src/tools, each in the file named after its id', async () => {
    const declared = modulesIn('shared/src/tools').filter((name) => !TOOL_HELPERS.includes(name));
    expect(TASK_TOOLS.map((t) => t.id).sort()).toEqual(declared.sort());
    for (const t of TASK_TOOLS) expect((await import(`../../shared/src/tools/${t.id}.ts`)).default).toBe(t);
  });

  it('gives every tool of the registry a processor of its own', () => {
    expect(Object.keys(PROCESSORS).sort()).toEqual(TASK_TOOLS.map((t) => t.id).sort());
  });

  it('finds each built tool\'s processor in worker/src/processors/<id>.ts, defined for that very tool', async () => {
    for (const t of TASK_TOOLS.filter((tool) => tool.built)) expect((await loadProcessor(t)).tool, t.id).toBe(t);
    // Loading them all brings in pdf.js, OCR and the office writers: seconds, not milliseconds.
  }, 60_000);

  it('has no processor module for a tool that is not built, nor one named after no tool', async () => {
    for (const name of modulesIn('worker/src/processors')) {
      const { default: processor } = (await import(`../../worker/src/processors/${name}.ts`)) as { default?: { tool?: unknown } };
      const tool = getTool(name);
      if (tool?.built) continue;
      // Helpers of several processors (page-selection) export no processor of their own.
      expect(processor?.tool, `worker/src/processors/${name}.ts`).toBeUndefined();
    }
  }, 60_000);

  it('declares what the result page shows: pictures for the image tools, the size saved for compress', () => {
    expect(TOOLS.filter((t) => outputsImages(t.output)).map((t) => t.id)).toEqual(['pdf-to-jpg', 'dwg-to-jpg']);
    expect(TOOLS.filter((t) => getTool(t.id)!.reportsSaving).map((t) => t.id)).toEqual(['compress-pdf']);
  });

  it('places the header\'s top links, the Convert menu and the /app workspace\'s tools as their declarations say', () => {
    const paths = (links: Array<{ to: string }>) => links.map((link) => link.to);
    expect(paths(topTools(toolCatalog()))).toEqual(['/edit-pdf', '/compress-pdf']);
    expect(inMenu(toolCatalog(), 'workspace').map((tool) => tool.id)).toEqual([
      'compress-pdf', 'edit-pdf', 'pdf-to-excel', 'pdf-to-jpg', 'pdf-to-ppt', 'pdf-to-txt', 'pdf-to-word',
    ]);
    expect(convertMenu(toolCatalog()).map((group) => [group.heading, paths(group.links)])).toEqual([
      ['categories.convertFrom', ['/pdf-to-word', '/pdf-to-excel', '/pdf-to-ppt', '/pdf-to-jpg', '/pdf-to-txt']],
      ['categories.convertTo', ['/word-to-pdf', '/excel-to-pdf', '/ppt-to-pdf', '/jpg-to-pdf', '/txt-to-pdf']],
    ]);
  });

  it('keeps file counts consistent', () => {
    for (const t of TOOLS) expect(t.minFiles).toBeLessThanOrEqual(t.maxFiles);
    expect(getTool('merge-pdf')!.minFiles).toBe(2);
  });

  it("gives the AI assistant's tools no page and no place in the site's tool lists", () => {
    const assistant = ASSISTANT_TOOLS.map((t) => t.id as string);
    expect(assistant).toEqual(['translate-pdf']);
    expect(toolSlugs().filter((s) => assistant.includes(s.toolId))).toEqual([]);
    expect(toolCatalog().filter((t) => assistant.includes(t.id))).toEqual([]);
    expect(getTool('translate-pdf')?.generative).toBe(true);
  });

  it('routes /shrink-pdf to compress', () => {
    expect(toolSlugs()).toContainEqual({ slug: 'shrink-pdf', toolId: 'compress-pdf' });
  });

  it('validates split and compress options', () => {
    const split = getTool('split-pdf')!.options;
    expect(split.safeParse({ splitcount: '2' }).data).toEqual({ splitcount: 2 });
    expect(split.safeParse({ splitcount: 0 }).success).toBe(false);
    expect(split.safeParse({ splitcount: '1.5' }).success).toBe(false);
    expect(split.safeParse({ pages: '1-3,5,8-' }).success).toBe(true);
    expect(split.safeParse({ pages: '3-1' }).success).toBe(false);
    expect(split.safeParse({ maxsize: '2.5' }).data).toEqual({ maxsize: 2.5 });
    expect(split.safeParse({ maxsize: 0.05 }).success).toBe(false);
    expect(split.safeParse({ maxsize: '2,5' }).success).toBe(false);
    expect(split.safeParse({ bookmarklevel: '2' }).data).toEqual({ bookmarklevel: 2 });
    expect(split.safeParse({ bookmarklevel: 0 }).success).toBe(false);
    expect(split.safeParse({ bookmarklevel: 10 }).success).toBe(false);
    const compress = getTool('compress-pdf')!.options;
    expect(compress.parse({})).toEqual({ compress: '70' });
    expect(compress.safeParse({ compress: 'custom' }).success).toBe(false);
    expect(compress.safeParse({ compress: 'custom', rate: 150 }).success).toBe(true);
    expect(compress.safeParse({ compress: 'custom', rate: 99 }).success).toBe(false);
    expect(compress.safeParse({ compress: '55' }).success).toBe(false);
  });

  it('validates the metadata options: ISO dates, text left absent, remove-all as a form sends it', () => {
    const metadata = getTool('edit-metadata')!.options;
    expect(metadata.parse({ title: 'T', moddate: '2024-06-15T17:05:00+02:00', removeall: 'false' })).toEqual({ title: 'T', moddate: '2024-06-15T17:05:00+02:00', removeall: false });
    expect(metadata.parse({ creationdate: '' })).toEqual({ creationdate: '', removeall: false });
    expect(metadata.safeParse({ moddate: '2024-13-45' }).success).toBe(false);
    expect(metadata.safeParse({ moddate: 'yesterday' }).success).toBe(false);
    expect(metadata.parse({ removeall: true })).toEqual({ removeall: true });
  });

  it('validates the organize and security options', () => {
    expect(getTool('protect-pdf')!.options.safeParse({ userpassword: '' }).error!.issues[0].message).toBe('PASSWORD_EMPTY');
    expect(getTool('protect-pdf')!.options.parse({ userpassword: 'ab' })).toEqual({ userpassword: 'ab', encryption: 'aes128' });
    expect(getTool('protect-pdf')!.options.safeParse({ userpassword: 'x'.repeat(21) }).success).toBe(false);
    expect(getTool('rotate-pdf')!.options.parse({ angle: '270' })).toEqual({ angle: 270 });
    expect(getTool('rotate-pdf')!.options.safeParse({ angle: 45 }).success).toBe(false);
    expect(getTool('organize-pdf')!.options.safeParse({ order: '3,1r90,2' }).success).toBe(true);
    expect(getTool('organize-pdf')!.options.safeParse({ order: '3,1r45' }).success).toBe(false);
    expect(getTool('crop-pdf')!.options.parse({ left: '12.5', pages: '1-3' })).toMatchObject({ mode: 'box', left: 12.5, top: 0, parity: 'all', pages: '1-3' });
    expect(getTool('crop-pdf')!.options.safeParse({ left: -1 }).success).toBe(false);
    expect(getTool('n-up-pdf')!.options.parse({ perSheet: '9', borders: 'true' })).toEqual({ perSheet: 9, order: 'across', borders: true, sheet: 'a4' });
    expect(getTool('n-up-pdf')!.options.safeParse({ perSheet: 8 }).success).toBe(false);
    expect(getTool('booklet-pdf')!.options.safeParse({ sheet: 'a3' }).success).toBe(false);
  });

  it('validates the stamping options: a place on the grid, a text or a picture, at least one header or footer', () => {
    const numbers = getTool('add-page-numbers')!.options;
    expect(numbers.parse({ start: '0', size: '12' })).toMatchObject({ position: 'bottom-center', format: 'n', start: 0, size: 12 });
    expect(numbers.safeParse({ position: 'top' }).success).toBe(false);
    expect(numbers.safeParse({ skip: '3-1' }).error!.issues[0].message).toBe('INVALID_PAGES');
    expect(numbers.safeParse({ color: 'red' }).success).toBe(false);
    const watermark = getTool('add-watermark')!.options;
    expect(watermark.safeParse({}).success).toBe(false);
    expect(watermark.safeParse({ text: '  ' }).success).toBe(false);
    expect(watermark.safeParse({ text: 'DRAFT', image: 'token' }).success).toBe(false);
    expect(watermark.parse({ image: 'token', tiled: 'true', opacity: '40' })).toMatchObject({ image: 'token', tiled: true, opacity: 40, layer: 'over' });
    expect(watermark.safeParse({ text: 'two\nlines' }).success).toBe(false);
    expect(getTool('add-watermark')!.attachments!.tokens(watermark.parse({ image: 'token' }))).toEqual(['token']);
    expect(getTool('add-watermark')!.attachments!.tokens(watermark.parse({ text: 'DRAFT' }))).toEqual([]);
    const headerFooter = getTool('add-header-footer')!.options;
    expect(headerFooter.safeParse({}).success).toBe(false);
    expect(headerFooter.parse({ bates: 'true' })).toMatchObject({ bates: true, batesDigits: 6, batesStart: 1, batesPrefix: '' });
    expect(headerFooter.safeParse({ footerLeft: '{n}', batesDigits: 13 }).success).toBe(false);
  });
});

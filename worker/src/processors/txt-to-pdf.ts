import { readFile, writeFile } from 'node:fs/promises';
import path from 'node:path';
import txtTool from '#shared/tools/txt-to-pdf';
import { convertOffice, decodeText, officeWorkDir, prepareOfficeInput } from '../inputs/office-input';
import { textToFlatOdt } from '../inputs/text-to-fodt';
import { defineProcessor } from '../contract/processor';

/**
 * Plain text (UTF-8, or Latin-1 when it is not valid UTF-8) becomes a flat ODT that names its
 * fonts and page breaks, which LibreOffice Writer lays out on A4.
 */
const txtToPdf = defineProcessor(txtTool, async (ctx) => {
  await ctx.progress(0.05);
  const source = await prepareOfficeInput(ctx, txtTool.accepts, await officeWorkDir(ctx));
  const { text } = decodeText(await readFile(source.path));
  const document = path.join(path.dirname(source.path), 'text.fodt');
  await writeFile(document, textToFlatOdt(text), 'utf8');
  await ctx.progress(0.2);
  const { output } = await convertOffice(ctx, source, { input: document });
  await ctx.progress(0.95);
  return { outputs: [output] };
});

export default txtToPdf;

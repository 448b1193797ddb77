import { readFile, writeFile } from 'node:fs/promises';
import excelTool from '#shared/tools/excel-to-pdf';
import { convertOffice, decodeText, officeWorkDir, prepareOfficeInput, type OfficeSource } from '../inputs/office-input';
import { defineProcessor } from '../contract/processor';

/** LibreOffice's CSV import filter and its option string's positions. */
const CSV_FILTER = 'Text - txt - csv (StarCalc)';
const UTF8 = 76;
const QUOTE = 34;
const SEPARATORS = [',', ';', '\t', '|'] as const;

/**
 * The field separator of a CSV: the candidate that splits the first lines (outside quotes) into
 * the same number of fields most often. Comma when nothing stands out.
 */
export function csvSeparator(text: string): string {
  const lines = text.split(/\r\n|\n|\r/).filter((l) => l.trim() !== '').slice(0, 50);
  let best: { sep: string; score: number } = { sep: ',', score: 0 };
  for (const sep of SEPARATORS) {
    const counts = lines.map((line) => {
      let n = 0;
      let quoted = false;
      for (const ch of line) {
        if (ch === '"') quoted = !quoted;
        else if (ch === sep && !quoted) n++;
      }
      return n;
    });
    const tally = new Map<number, number>();
    for (const c of counts) if (c > 0) tally.set(c, (tally.get(c) ?? 0) + 1);
    const score = Math.max(0, ...tally.values());
    if (score > best.score) best = { sep, score };
  }
  return best.sep;
}

/**
 * A CSV is handed to Calc as UTF-8 (Latin-1 files are transcoded first) with its separator named,
 * so LibreOffice never has to guess either.
 */
async function csvRequest(source: OfficeSource) {
  const { text, encoding } = decodeText(await readFile(source.path));
  if (encoding !== 'utf-8') await writeFile(source.path, text, 'utf8');
  const sep = csvSeparator(text).charCodeAt(0);
  // separator, text delimiter, charset, first line, column formats, language (en-US), quoted as text, detect special numbers
  return { input: source.path, filter: CSV_FILTER, filterOptions: `${sep},${QUOTE},${UTF8},1,,1033,false,true` };
}

/** xls, xlsx, ods and csv through LibreOffice Calc: every sheet, as Calc paginates it. */
const excelToPdf = defineProcessor(excelTool, async (ctx) => {
  await ctx.progress(0.05);
  const source = await prepareOfficeInput(ctx, excelTool.accepts, await officeWorkDir(ctx));
  await ctx.progress(0.2);
  const { output } = await convertOffice(ctx, source, source.kind === 'csv' ? await csvRequest(source) : undefined);
  await ctx.progress(0.95);
  return { outputs: [output] };
});

export default excelToPdf;

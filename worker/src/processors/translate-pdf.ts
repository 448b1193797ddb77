import { mkdtemp } from 'node:fs/promises';
import path from 'node:path';
import { AppError } from '#shared/errors';
import { openAiProvider } from '#shared/server/openai-provider';
import translateTool from '#shared/tools/translate-pdf';
import * as qpdf from '../engines/qpdf';
import { fileStem, preparePdf, singleInput } from '../inputs/pdf-input';
import { extractLayout } from '../pdf-to-office/extract-pdf';
import { askTranslations } from '../translate/ask-translations';
import { drawTranslation } from '../translate/draw-translation';
import { textBlocks } from '../translate/text-blocks';
import { defineProcessor } from '../contract/processor';

/** Shares of the progress bar: reading the pages, the model's batches, then drawing. */
const READ = 0.1;
const TRANSLATE = 0.8;

/**
 * A PDF in another language, its layout kept block by block, and a two-language version with the
 * pages interleaved (original, translation, original, translation…). The text blocks come from the
 * layout reader the Word converter uses; the model translates them in batches, each batch a step of
 * the progress bar.
 */
const translatePdf = defineProcessor(translateTool, async (ctx) => {
  const provider = openAiProvider(ctx.config);
  // The API refuses the task without a provider; a worker configured differently says the same.
  if (!provider) throw new AppError('AI_NOT_CONFIGURED', 'the worker has no AI provider');
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'translate-'));
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);

  const layout = await extractLayout(doc.path, { signal: ctx.signal, onPage: (done, total) => ctx.progress((READ * done) / total) });
  const blocks = textBlocks(layout);
  if (!blocks.length) throw new AppError('AI_NO_TEXT', `${input.name}: no text to translate`);
  const { language } = ctx.options;
  const texts = await askTranslations(
    provider,
    blocks.map((b) => b.text),
    language,
    { signal: ctx.signal, onBatch: (done, total) => ctx.progress(READ + (TRANSLATE * done) / total) },
  );

  const stem = fileStem(input.name);
  const translated = path.join(dir, `${stem} (${language}).pdf`);
  await drawTranslation(doc.path, translated, blocks, texts, language, ctx.signal);
  const both = path.join(dir, `${stem} (original + ${language}).pdf`);
  const pages = Array.from({ length: doc.pages }, (_, i) => String(i + 1));
  await qpdf.selectPages(
    doc.path,
    pages.flatMap((page) => [{ file: doc.path, range: page }, { file: translated, range: page }]),
    both,
    { signal: ctx.signal },
  );
  await ctx.progress(1);
  return {
    outputs: [
      { path: translated, name: path.basename(translated) },
      { path: both, name: path.basename(both) },
    ],
  };
});

export default translatePdf;

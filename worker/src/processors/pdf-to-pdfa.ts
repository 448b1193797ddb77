import { mkdtemp, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { AppError, isAppError } from '#shared/errors';
import { log } from '#shared/server/logger';
import pdfaTool from '#shared/tools/pdf-to-pdfa';
import { convertToPdfa } from '../engines/ghostscript-pdfa';
import { validatePdfA1b } from '../engines/preflight';
import * as qpdf from '../engines/qpdf';
import { TextGuard } from '../engines/text-guard';
import { fileStem, preparePdf, singleInput, type PreparedPdf } from '../inputs/pdf-input';
import { finishPdfa, readPdfaFacts } from './pdfa-document';
import { pdfaReport } from './pdfa-report';
import { defineProcessor, type ProcessorContext, type ToolOptions } from '../contract/processor';

type Context = ProcessorContext<ToolOptions<typeof pdfaTool>>;
type Part = 1 | 2 | 3;

/**
 * Convert: Ghostscript writes PDF/A-1b, 2b or 3b (fonts embedded, sRGB output intent, XMP
 * identification, no encryption or JavaScript, transparency flattened for 1b), qpdf repairs the
 * dates it gets wrong, and the result is handed over only when (1) its text reads exactly as the
 * input's — Ghostscript 10.0 loses some fonts' Unicode maps, so the legacy interpreter is tried
 * next — and (2) it passes the check of its level: PDFBox Preflight for 1b, for 2b and 3b the
 * requirements every part shares. Otherwise it is refused, never passed off as PDF/A.
 * Check: the user's file, reported on in plain words (see pdfaReport).
 */
const pdfToPdfa = defineProcessor(pdfaTool, async (ctx) => {
  const input = singleInput(ctx.inputs);
  const dir = await mkdtemp(path.join(ctx.workDir, 'pdfa-'));
  if (ctx.options.mode === 'check') return check(ctx, dir);

  const part = Number(ctx.options.conformance[0]) as Part;
  const doc = await preparePdf(input, path.join(dir, 'input.pdf'), ctx.signal);
  await ctx.progress(0.05);
  const guard = new TextGuard(doc.path, ctx.signal);
  // PDF/A-1 forbids transparency: Ghostscript flattens a page that has some into one picture, text and all.
  const transparent = part === 1 && (await readPdfaFacts(doc.path, ctx.signal)).transparency;
  let refusal: AppError | undefined;
  for (const interpreter of ['current', 'legacy'] as const) {
    const written = path.join(dir, `gs-${interpreter}.pdf`);
    const output = path.join(dir, `pdfa-${interpreter}.pdf`);
    try {
      await convertToPdfa(doc.path, written, { part, interpreter, workDir: dir, signal: ctx.signal });
      await finishPdfa(written, output, { part, workDir: dir, signal: ctx.signal });
    } catch (e) {
      if (ctx.signal.aborted || !isAppError(e)) throw e;
      log.warn('pdf-to-pdfa: Ghostscript gave no PDF/A', { interpreter, detail: e.detail });
      continue;
    }
    await ctx.progress(interpreter === 'current' ? 0.5 : 0.8);
    if (!(await keepsDocument(doc, output, guard, ctx.signal))) {
      // Both interpreters flatten transparency alike: the other one would lose the text too.
      if (transparent) throw new AppError('PDFA1_TRANSPARENCY', `${interpreter} interpreter: transparency flattened with the text`);
      refusal ??= new AppError('PDFA_TEXT_CHANGED', `${interpreter} interpreter: the text or the pages changed`);
      continue;
    }
    const problems = await conformanceProblems(output, part, ctx.signal);
    if (problems.length === 0) {
      return { outputs: [{ path: output, name: `${fileStem(input.name)}-pdfa.pdf` }], notice: part === 1 ? 'PDFA_VALIDATED' : 'PDFA_BASICS_CHECKED' };
    }
    refusal = new AppError('PDFA_NOT_CONFORMANT', `${interpreter} interpreter, PDF/A-${ctx.options.conformance}: ${problems.join('; ').slice(0, 2000)}`);
  }
  throw refusal ?? new AppError('TASK_FAILED', 'Ghostscript wrote no PDF/A with either interpreter');
});

/** Every page is there and the text reads exactly as the input's. */
async function keepsDocument(doc: PreparedPdf, output: string, guard: TextGuard, signal: AbortSignal): Promise<boolean> {
  return (await qpdf.pageCount(output, signal)) === doc.pages && (await guard.keeps(output));
}

/** What keeps the file from being PDF/A at this level: Preflight's findings for part 1; for 2 and 3, the shared requirements that fail. */
async function conformanceProblems(file: string, part: Part, signal: AbortSignal): Promise<string[]> {
  if (part === 1) {
    const report = await validatePdfA1b(file, signal);
    return report.valid ? [] : report.findings.map((f) => `${f.code} ${f.details}`);
  }
  const facts = await readPdfaFacts(file, signal);
  return [
    facts.identification?.part !== part || facts.identification.conformance !== 'B' ? `identification ${JSON.stringify(facts.identification)}` : '',
    facts.outputIntent ? '' : 'no output intent',
    facts.unembeddedFonts.length ? `fonts not embedded: ${facts.unembeddedFonts.join(', ')}` : '',
    facts.encrypted ? 'encrypted' : '',
    facts.javascript ? 'JavaScript' : '',
  ].filter(Boolean);
}

/** The check's report, as a text file in the page's language. */
async function check(ctx: Context, dir: string) {
  const input = singleInput(ctx.inputs);
  const report = path.join(dir, 'report.txt');
  const locked = await qpdf.isPasswordRequired(input.path, ctx.signal);
  await ctx.progress(0.1);
  const [facts, preflight] = locked ? [] : await Promise.all([readPdfaFacts(input.path, ctx.signal), validatePdfA1b(input.path, ctx.signal)]);
  await ctx.progress(0.9);
  await writeFile(report, pdfaReport({ name: input.name, lang: ctx.options.lang, locked, facts, preflight }));
  return { outputs: [{ path: report, name: `${fileStem(input.name)}-pdfa-check.txt` }] };
}

export default pdfToPdfa;

import path from 'node:path';
import { runEngine } from './run';

/** pdftotext reads a long document in a few seconds; the guard runs it twice per attempt at most. */
const TIMEOUT_MS = 120_000;

/**
 * A PDF's extractable text as a guard compares it: what `pdftotext -raw` reads, in the order the
 * pages draw it, with whitespace taken out. Raw order, because pdftotext's reading-order heuristics
 * regroup columns when a rewrite moves a glyph by a hundredth of a point; no whitespace, because it
 * guesses word breaks from gaps the same way ("1 0" vs "10" in a footer). Every character must
 * stay the same: a lost ToUnicode map ("“targets”" read as "<targets="), a ligature that turns
 * from "fi" into "ﬁ", a dropped or added glyph all count as a change.
 */
export async function extractableText(file: string, signal?: AbortSignal): Promise<string> {
  const { stdout } = await runEngine('pdftotext', ['-q', '-raw', '-enc', 'UTF-8', path.resolve(file), '-'], { timeoutMs: TIMEOUT_MS, signal });
  return stdout.replace(/\s+/gu, '');
}

/**
 * The check every tool runs after rewriting a PDF through an engine that re-encodes its fonts
 * (Ghostscript's pdfwrite): the rewrite may be used only when its text reads the same as the
 * input's. The input's text is read once, however many rewrites are tried against it.
 */
export class TextGuard {
  private readonly original: Promise<string>;

  constructor(
    input: string,
    private readonly signal?: AbortSignal,
  ) {
    this.original = extractableText(input, signal);
    // Read now, awaited later: a failure surfaces at the first keeps() instead of as an unhandled rejection.
    this.original.catch(() => undefined);
  }

  /** True when `rewritten` reads exactly as the input does. */
  async keeps(rewritten: string): Promise<boolean> {
    const [before, after] = await Promise.all([this.original, extractableText(rewritten, this.signal)]);
    return before === after;
  }
}

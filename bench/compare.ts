import fs from 'node:fs/promises';
import path from 'node:path';
import type { CompareReport } from '#shared/compare';
import { runEngine } from '../worker/src/engines/run';
import { makeComparePair } from '../tests/support/compare-pair';
import { runProcessor, scratchDir, secs, table, timed } from './lib';

const PAGES = 100;
const GOAL_SECONDS = 60;

/**
 * compare-pdf on a 100-page pair edited in 250 known places (tests/support/compare-pair.ts), in
 * both modes, beside the baseline the issue names: pdftotext on both files, then `diff` of the
 * texts (one line per text line: it finds changed lines, not words, and no pictures or moves).
 */
export async function compareBench(): Promise<string> {
  const dir = await scratchDir('compare');
  try {
    const pair = await makeComparePair(PAGES);
    const before = path.join(dir, 'before.pdf');
    const after = path.join(dir, 'after.pdf');
    await fs.writeFile(before, pair.before);
    await fs.writeFile(after, pair.after);

    const baseline = await timed(async () => {
      await runEngine('pdftotext', ['-q', before, path.join(dir, 'before.txt')], { timeoutMs: 120_000 });
      await runEngine('pdftotext', ['-q', after, path.join(dir, 'after.txt')], { timeoutMs: 120_000 });
      const { stdout } = await runEngine('diff', [path.join(dir, 'before.txt'), path.join(dir, 'after.txt')], { timeoutMs: 120_000, okCodes: [0, 1] });
      return stdout.split('\n').filter((l) => /^\d+(,\d+)?[acd]\d+/.test(l)).length;
    });
    const rows = [['pdftotext + diff (baseline)', secs(baseline.seconds), `${baseline.result} differing line groups`, '–']];
    for (const mode of ['text', 'visual'] as const) {
      const work = path.join(dir, mode);
      await fs.mkdir(work);
      const run = await timed(() => runProcessor('compare-pdf', [before, after], { mode }, work));
      const report = JSON.parse(await fs.readFile(run.result.outputs[1].path, 'utf8')) as CompareReport;
      const expected = pair.edits.filter((e) => mode === 'visual' || e.kind !== 'visual').length;
      rows.push([`compare-pdf, ${mode}`, secs(run.seconds), `${report.changes.length} changes (${expected} made)`, run.seconds < GOAL_SECONDS ? 'yes' : 'no']);
    }
    return [
      '## Compare: a 100-page pair',
      '',
      `${PAGES} pages against ${PAGES + Math.floor(PAGES / 8) + (PAGES % 8 > 5 ? 1 : 0)}, ${pair.edits.length} edits (words changed, phrases inserted and deleted, paragraphs moved,`,
      `pages inserted, figures replaced). One run each on this machine; goal (issue 39): under ${GOAL_SECONDS} s.`,
      '',
      table(['run', 'time', 'found', `under ${GOAL_SECONDS} s`], rows),
    ].join('\n');
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

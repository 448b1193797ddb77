import { spawn } from 'node:child_process';
import fs from 'node:fs/promises';
import path from 'node:path';
import { scratchDir, secs, table } from './lib';

interface VitestReport {
  testResults: Array<{ name: string; assertionResults: Array<{ ancestorTitles: string[]; title: string; status: string; duration?: number }> }>;
}

/** The kinds of hostile input of the conformance suite's shared block, by the start of a case's name. */
const KINDS = [
  ['repairs damaged', 'damaged'],
  ['opens owner-only encrypted', 'owner-only encrypted'],
  ['refuses password-protected', 'password-protected'],
] as const;

/**
 * The sweep `npm test` takes in turn: every damaged, owner-only and password-protected fixture
 * through every PDF tool (tests/conformance/tool-suite.ts with SHEAF_EVERY_INPUT=1), run by vitest
 * as the conformance tier runs it. Per kind: cases, how many failed, and their time.
 */
export async function inputsBench(): Promise<string> {
  const dir = await scratchDir('inputs');
  const report = path.join(dir, 'report.json');
  const started = performance.now();
  const status = await new Promise<number | null>((resolve) => {
    const run = spawn(
      'npx',
      ['vitest', 'run', '--config', 'tests/vitest.config.ts', '--project', 'conformance', 'tests/conformance/tools', '-t', 'inputs every PDF tool', '--reporter=json', `--outputFile=${report}`],
      { env: { ...process.env, SHEAF_EVERY_INPUT: '1' }, stdio: ['ignore', 'ignore', 'inherit'] },
    );
    run.on('close', resolve);
  });
  const wall = (performance.now() - started) / 1000;
  const results = (JSON.parse(await fs.readFile(report, 'utf8')) as VitestReport).testResults.flatMap((r) => r.assertionResults);
  await fs.rm(dir, { recursive: true, force: true });
  const rows = KINDS.map(([prefix, kind]) => {
    const cases = results.filter((r) => r.title.startsWith(prefix) && r.status !== 'skipped');
    const failed = cases.filter((r) => r.status !== 'passed');
    const seconds = cases.reduce((sum, r) => sum + (r.duration ?? 0), 0) / 1000;
    const tools = new Set(cases.map((r) => r.ancestorTitles[0])).size;
    return [kind, String(tools), String(cases.length), failed.length ? `**${failed.length}**: ${failed.map((f) => `${f.ancestorTitles[0]} ${f.title}`).join('; ')}` : '0', secs(seconds)];
  });
  return [
    '## Every hostile fixture through every PDF tool',
    '',
    `\`npm test\` gives each tool one file of each kind in turn; this runs all of them (vitest exit ${status}, ${secs(wall)} in all).`,
    '',
    table(['kind', 'tools', 'cases', 'failed', 'time in cases'], rows),
  ].join('\n');
}

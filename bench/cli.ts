import fs from 'node:fs/promises';
import path from 'node:path';
import { loadEnv } from '#shared/env';
import { newApiKey } from '#shared/server/api-keys';
import { makeDeps } from '#shared/server/make-deps';
import { createUser } from '../tests/support/factories';
import { fixture } from '../tests/support/fixtures';
import { runCaptured } from '../tests/support/run-captured';
import { kb, scratchDir, secs, table, timed } from './lib';
import { runModes, startServers } from './servers';

const ROOT = path.resolve(import.meta.dirname, '..');
/** The folder: copies of these, round and round, up to FILES. Text, scans, photos; 77 KB to 1.4 MB. */
const SOURCES = [
  'pypdf_multicolumn.pdf',
  'pdfjs_tracemonkey.pdf',
  'pdfjs_images.pdf',
  'pypdf_cmyk-image.pdf',
  'plumber_word365_structure.pdf',
];
const FILES = 20;

/** `sheaf compress-pdf <folder> --out <dir> --json …` through the project's launcher (the compiled command once built). */
async function sheaf(args: string[]): Promise<Array<{ result: string; outputBytes: number }>> {
  const { code, stdout, stderr } = await runCaptured(process.execPath, ['scripts/sheaf.mjs', ...args, '--json'], { cwd: ROOT });
  if (code !== 0) throw new Error(`sheaf exited with ${code}: ${stdout}${stderr}`);
  return JSON.parse(stdout);
}

/** A folder of 20 PDFs compressed by the `sheaf` command: against a server (api + worker processes, an API key) and with --local. */
export async function cliBench(): Promise<string> {
  const dir = await scratchDir('cli');
  const folder = path.join(dir, 'scans');
  await fs.mkdir(folder);
  let inputBytes = 0;
  for (let i = 0; i < FILES; i++) {
    const target = path.join(folder, `scan-${String(i + 1).padStart(2, '0')}.pdf`);
    await fs.copyFile(fixture(`pdf/${SOURCES[i % SOURCES.length]}`), target);
    inputBytes += (await fs.stat(target)).size;
  }

  const deps = makeDeps(loadEnv());
  const user = await createUser(deps);
  const { key, prefix, hash, webhookSecret } = newApiKey();
  await deps.db.apiKey.create({ data: { userId: user.id, name: 'bench', prefix, hash, webhookSecret } });
  await (deps as typeof deps & { close(): Promise<void> }).close();

  // Compiled when this checkout builds: what `npm start` runs, and what the launcher picks once the build is fresh.
  const mode = runModes().at(-1)!;
  const rows: string[][] = [];
  const measure = async (label: string, args: string[]) => {
    const out = path.join(dir, `out-${rows.length}`);
    const { seconds, result } = await timed(() => sheaf(['compress-pdf', folder, '--out', out, ...args]));
    const ok = result.filter((r) => r.result === 'OK');
    const outputBytes = ok.reduce((sum, r) => sum + r.outputBytes, 0);
    rows.push([label, `${ok.length}/${FILES}`, secs(seconds), kb(outputBytes), `${((100 * outputBytes) / inputBytes).toFixed(0)}%`]);
    console.error(`cli: ${label} done`);
  };

  const servers = await startServers(mode, { DOWNLOAD_POLICY: 'open' });
  try {
    await measure(`server (${mode} api + worker), 2 at a time`, ['--server', servers.baseUrl, '--key', key]);
  } finally {
    await servers.stop();
  }
  await measure('--local, 1 at a time', ['--local']);
  await measure('--local, 2 at a time', ['--local', '--concurrency', '2']);
  await fs.rm(dir, { recursive: true, force: true });

  return [
    '## The sheaf command: a folder of 20 PDFs compressed',
    '',
    `${FILES} PDFs (${SOURCES.join(', ')}, in turn; ${kb(inputBytes)} in all) compressed at the default level by \`sheaf compress-pdf <folder> --out <dir>\`, ` +
      'against a server (upload, transfer, poll, download with an API key; the server’s default limits and worker concurrency) and with `--local` ' +
      '(the worker’s processors in the command’s own process). Wall time includes the command’s start.',
    '',
    table(['run', 'done', 'wall time', 'outputs', 'of input'], rows),
  ].join('\n');
}

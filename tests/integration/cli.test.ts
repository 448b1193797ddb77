import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ERRORS } from '#shared/errors';
import { newApiKey } from '#shared/server/api-keys';
import { createUser } from '../support/factories';
import { fixture, qpdfPages } from '../support/fixtures';
import { runCaptured, type CapturedRun } from '../support/run-captured';
import { startStack, type Stack } from '../support/stack';

const ROOT = new URL('../..', import.meta.url).pathname;
/** The server's upload limit in these tests; BIG is above it. */
const MAX_UPLOAD_MB = 1;
const BIG = fixture('pdf/pdfjs_images.pdf');

interface Row {
  file: string;
  result: 'OK' | 'FAILED' | 'SKIPPED';
  message?: string;
  errorCode?: string;
  outputs: string[];
}

/** The command in its own process, from its sources, as `npx sheaf` runs it before a build. */
async function sheaf(args: string[], env: NodeJS.ProcessEnv = {}): Promise<{ code: number | null; rows: Row[]; stderr: string }> {
  const { code, stdout, stderr } = await runCaptured('node', ['--import', 'tsx', 'scripts/sheaf/main.ts', ...args, '--json'], { cwd: ROOT, env: { ...process.env, ...env } });
  try {
    return { code, rows: JSON.parse(stdout) as Row[], stderr };
  } catch {
    throw new Error(`exit ${code}, stdout is not one JSON document:\n${stdout}\n${stderr}`);
  }
}

// The three runs are independent (their own folders; only the first uses the server): they share the two cores.
describe.concurrent('the sheaf command', () => {
  let stack: Stack;
  let tmp: string;
  let userId: string;
  let server: string[];

  beforeAll(async () => {
    stack = await startStack({ MAX_UPLOAD_MB });
    tmp = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-cli-'));
    userId = (await createUser(stack.deps)).id;
    const { key, prefix, hash, webhookSecret } = newApiKey();
    await stack.deps.db.apiKey.create({ data: { userId, name: 'cli test', prefix, hash, webhookSecret } });
    server = ['--server', stack.baseUrl, '--key', key];
  });
  afterAll(async () => {
    await stack.stop();
    fs.rmSync(tmp, { recursive: true, force: true });
  });

  it('compresses a folder on the server, goes on past the files it refuses (damaged, above MAX_UPLOAD_MB) and resumes without uploading again', async () => {
    const scans = path.join(tmp, 'scans');
    fs.mkdirSync(path.join(scans, 'more'), { recursive: true });
    fs.copyFileSync(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'), path.join(scans, 'a.pdf'));
    fs.copyFileSync(fixture('pdf/pypdf_multicolumn.pdf'), path.join(scans, 'b.pdf'));
    fs.copyFileSync(fixture('pdf/pdf20_via-incremental-save.pdf'), path.join(scans, 'more', 'c.pdf'));
    fs.writeFileSync(path.join(scans, 'notes.txt'), 'not a PDF: a folder run leaves it out');
    const out = path.join(tmp, 'small');
    const uploads = () => stack.deps.db.file.count({ where: { userId, role: 'INPUT' } });

    const first = await sheaf(['compress-pdf', scans, '--level', 'high', '--out', out, ...server]);
    expect(first.code).toBe(0);
    expect(first.rows.map((r) => [path.basename(r.file), r.result])).toEqual([
      ['a.pdf', 'OK'],
      ['b.pdf', 'OK'],
      ['c.pdf', 'OK'],
    ]);
    const outputs = first.rows.flatMap((r) => r.outputs);
    expect(outputs.map((o) => path.relative(out, o))).toEqual([
      'a-compressed.pdf',
      'b-compressed.pdf',
      path.join('more', 'c-compressed.pdf'),
    ]);
    expect(outputs.map((o) => qpdfPages(o))).toEqual([1, 3, 1]);
    expect([await stack.deps.db.task.count({ where: { userId } }), await uploads()]).toEqual([3, 3]);

    // A PDF whose bytes past the header are noise (accepted at upload, refused by the tool), and one above the upload limit.
    fs.writeFileSync(path.join(scans, 'damaged.pdf'), Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(2000, 0x41)]));
    fs.copyFileSync(BIG, path.join(scans, 'big.pdf'));
    const second = await sheaf(['compress-pdf', scans, '--level', 'high', '--out', out, ...server]);
    expect(second.code).toBe(1);
    expect(second.rows.map((r) => [path.basename(r.file), r.result, r.message])).toEqual([
      ['a.pdf', 'SKIPPED', undefined],
      ['b.pdf', 'SKIPPED', undefined],
      ['big.pdf', 'FAILED', ERRORS.FILE_TOO_LARGE.message],
      ['damaged.pdf', 'FAILED', ERRORS.PDF_DAMAGED.message],
      ['c.pdf', 'SKIPPED', undefined],
    ]);
    // Only the damaged file went to the server again (the big one was refused before it was stored).
    expect([await stack.deps.db.task.count({ where: { userId } }), await uploads()]).toEqual([4, 4]);
    expect(fs.readdirSync(out).filter((name) => name.endsWith('.part'))).toEqual([]);
  }, 120_000);

  it('merges locally with the worker’s processors, a file above MAX_UPLOAD_MB included', async () => {
    expect(fs.statSync(BIG).size).toBeGreaterThan(MAX_UPLOAD_MB * 1024 * 1024);
    const merged = path.join(tmp, 'merged.pdf');
    const merge = await sheaf(['merge-pdf', fixture('pdf/pypdf_multicolumn.pdf'), BIG, '-o', merged, '--local'], {
      MAX_UPLOAD_MB: String(MAX_UPLOAD_MB),
    });
    expect(merge.code).toBe(0);
    expect(merge.rows.map((r) => [r.result, r.outputs])).toEqual([['OK', [merged]]]);
    expect(qpdfPages(merged)).toBe(3 + qpdfPages(BIG));
  });

  it('converts a folder locally, each output beside its input', async () => {
    const reports = path.join(tmp, 'reports');
    fs.mkdirSync(reports);
    fs.copyFileSync(fixture('pdf/pypdf_multicolumn.pdf'), path.join(reports, 'paper.pdf'));
    const text = await sheaf(['pdf-to-txt', reports, '--local']);
    expect(text.code).toBe(0);
    expect(text.rows.map((r) => [r.result, r.outputs])).toEqual([['OK', [path.join(reports, 'paper.txt')]]]);
    expect(fs.readFileSync(path.join(reports, 'paper.txt'), 'utf8')).toContain('Two-Column Document with Lorem Ipsum');
  });
});

/** The command's plain output, as a person reads it. */
function sheafText(args: string[]): Promise<CapturedRun> {
  return runCaptured('node', ['--import', 'tsx', 'scripts/sheaf/main.ts', ...args], { cwd: ROOT });
}

describe('the sheaf command’s help and refusals', () => {
  it('lists the OCR languages from the tool’s declaration, each with its name', async () => {
    const { OCR_LANGUAGES } = await import('#shared/tools/pdf-ocr');
    const { stdout, code } = await sheafText(['pdf-ocr', '--help']);
    expect(code).toBe(0);
    const language = stdout.split('\n').findIndex((line) => line.trimStart().startsWith('--language'));
    expect(stdout.split('\n')[language]).toContain(`${OCR_LANGUAGES.join('|')}|up to 3 of them joined by "+" (eng+fra)`);
    expect(stdout.split('\n')[language + 1].trim()).toBe(
      'eng: English, fra: French, deu: German, spa: Spanish, ita: Italian, por: Portuguese, chi_sim: Chinese (Simplified)',
    );
  });

  it('refuses an option with the words the API answers: the field and what it takes', async () => {
    const ocr = await sheafText(['pdf-ocr', 'scan.pdf', '--language', 'klingon', '--local']);
    expect(ocr.code).toBe(2);
    expect(ocr.stderr).toContain('Options refused for pdf-ocr: --language must be one of eng, fra, deu, spa, ita, por, chi_sim or up to 3 of them joined by "+" (eng+fra)');
    const level = await sheafText(['compress-pdf', 'a.pdf', '--level', 'huge', '--local']);
    expect(level.code).toBe(2);
    expect(level.stderr).toContain('--compress must be one of low, medium, high, custom or 10–90 in steps of 10');
  });
});

import fs from 'node:fs/promises';
import path from 'node:path';
import libreOffice from 'libreoffice-convert';
import { SofficePool, sofficePoolConfig } from '../worker/src/engines/soffice-pool';
import { fixture } from '../tests/support/fixtures';
import { median, scratchDir, secs, table, timed } from './lib';

/** The ~470-page handbook takes 20 s either way: it says nothing about start-up costs. */
const SKIP = new Set(['unstructured_handbook-872p.docx']);
const WARM_RUNS = Number(process.env.BENCH_OFFICE_WARM_RUNS ?? 9);
const COLD_RUNS = Number(process.env.BENCH_OFFICE_COLD_RUNS ?? 5);

const p95 = (values: number[]) => {
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil(0.95 * sorted.length) - 1)];
};

function coldConvert(file: string): Promise<Buffer> {
  return fs.readFile(file).then(
    (input) =>
      new Promise((resolve, reject) =>
        libreOffice.convertWithOptions(input, 'pdf', undefined, { fileName: path.basename(file) }, (err, pdf) => (err ? reject(err) : resolve(pdf))),
      ),
  );
}

/**
 * The office fixtures to PDF through the warm pool (one instance, started and warmed before
 * timing) and through libreoffice-convert as the owner's card names it (a soffice started per
 * call), on the same files in the same run.
 */
export async function officeBench(): Promise<string> {
  const files = (await fs.readdir(fixture('office'))).filter((f) => !SKIP.has(f)).sort();
  const dir = await scratchDir('office');
  const pool = new SofficePool({ ...sofficePoolConfig(), SOFFICE_POOL_SIZE: 1 });
  const rows: string[][] = [];
  const totals = { warm: [] as number[], cold: [] as number[] };
  try {
    await pool.convert({ input: fixture(`office/${files[0]}`), output: path.join(dir, 'warm-up.pdf') }, { timeoutMs: 120_000 });
    for (const name of files) {
      const input = fixture(`office/${name}`);
      const warm: number[] = [];
      const cold: number[] = [];
      // One untimed warm run per file: the first document of a kind loads that application's libraries.
      await pool.convert({ input, output: path.join(dir, 'warm.pdf') }, { timeoutMs: 120_000 });
      for (let i = 0; i < WARM_RUNS; i++) {
        warm.push((await timed(() => pool.convert({ input, output: path.join(dir, 'warm.pdf') }, { timeoutMs: 120_000 }))).seconds);
      }
      for (let i = 0; i < COLD_RUNS; i++) cold.push((await timed(() => coldConvert(input))).seconds);
      totals.warm.push(median(warm));
      totals.cold.push(median(cold));
      rows.push([
        `\`${name}\``,
        `${((await fs.stat(input)).size / 1024).toFixed(0)} KB`,
        secs(median(warm)),
        secs(p95(warm)),
        secs(median(cold)),
        secs(p95(cold)),
        `${(median(cold) / median(warm)).toFixed(0)}×`,
      ]);
      console.error(`office: ${name} done`);
    }
  } finally {
    await pool.close();
    await fs.rm(dir, { recursive: true, force: true });
  }
  const sum = (v: number[]) => v.reduce((a, b) => a + b, 0);
  return [
    '## Office to PDF: warm LibreOffice pool vs libreoffice-convert',
    '',
    `Each file of \`tests/fixtures/office\` (but the 470-page handbook): ${WARM_RUNS} conversions through one warm pool instance`,
    `(\`worker/src/engines/soffice-pool.ts\`, after an untimed first run of the file) and ${COLD_RUNS} through \`libreoffice-convert\`,`,
    'which starts soffice with a fresh profile for every call. Engine time only: no archive check, no page count.',
    '',
    table(['file', 'size', 'warm median', 'warm p95', 'cold median', 'cold p95', 'cold ÷ warm'], rows),
    '',
    `All files, sum of medians: warm ${secs(sum(totals.warm))}, cold ${secs(sum(totals.cold))} (${(sum(totals.cold) / sum(totals.warm)).toFixed(0)}×).`,
  ].join('\n');
}

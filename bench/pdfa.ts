import fs from 'node:fs/promises';
import path from 'node:path';
import { isAppError } from '#shared/errors';
import { SRGB_PROFILE } from '../worker/src/engines/ghostscript-pdfa';
import { validatePdfA1b } from '../worker/src/engines/preflight';
import { runEngine } from '../worker/src/engines/run';
import { kb, runProcessor, scratchDir, secs, table, timed } from './lib';

const FIXTURES = ['sheaf_bicycle-manual.pdf', 'sheaf_regional-sales.pdf', 'pypdf_cmyk-image.pdf', 'pdfjs_images.pdf', 'pdfjs_tracemonkey.pdf'];
const fixture = (name: string) => path.join(import.meta.dirname, '../tests/fixtures/pdf', name);

/** Ghostscript's PDF/A-1b as its documentation gives it (PDFA_def.ps with the sRGB profile), with nothing after it. */
async function plainGhostscript(input: string, dir: string): Promise<string> {
  const def = path.join(dir, 'PDFA_def.ps');
  const version = (await runEngine('gs', ['--version'], { timeoutMs: 10_000 })).stdout.trim();
  const shipped = await fs.readFile(`/usr/share/ghostscript/${version}/lib/PDFA_def.ps`, 'utf8');
  await fs.writeFile(def, shipped.replace('(srgb.icc)', `(${SRGB_PROFILE})`));
  const out = path.join(dir, 'gs-plain.pdf');
  await runEngine('gs', ['-q', '-dNOPAUSE', '-dBATCH', `--permit-file-read=${SRGB_PROFILE}`, '-sDEVICE=pdfwrite', '-dPDFA=1', '-dPDFACompatibilityPolicy=1', '-sColorConversionStrategy=RGB', `-sOutputFile=${out}`, def, input], { timeoutMs: 1_200_000 });
  return out;
}

const verdict = async (file: string) => {
  const { valid, findings } = await validatePdfA1b(file);
  return valid ? 'passes' : `fails (${[...new Set(findings.map((f) => f.code))].join(', ')})`;
};

/** PDF/A: our conversion at each level (seconds, size, outcome) and Preflight's verdict on our 1b beside plain Ghostscript's. */
export async function pdfaBench(): Promise<string> {
  const rows: string[][] = [];
  for (const name of FIXTURES) {
    const input = fixture(name);
    const cells = [name, kb((await fs.stat(input)).size)];
    let ours1b: string | undefined;
    for (const conformance of ['1b', '2b'] as const) {
      const work = await scratchDir('pdfa');
      try {
        const { seconds, result } = await timed(() => runProcessor('pdf-to-pdfa', [input], { conformance }, work).catch((e: unknown) => e));
        if (isAppError(result)) cells.push(`refused: ${result.code} · ${secs(seconds)}`);
        else {
          const out = (result as { outputs: Array<{ path: string }> }).outputs[0].path;
          cells.push(`${kb((await fs.stat(out)).size)} · ${secs(seconds)}`);
          if (conformance === '1b') ours1b = await verdict(out);
        }
      } finally {
        await fs.rm(work, { recursive: true, force: true });
      }
    }
    const work = await scratchDir('pdfa-gs');
    try {
      cells.push(ours1b ?? '—', await verdict(await plainGhostscript(input, work)));
    } finally {
      await fs.rm(work, { recursive: true, force: true });
    }
    rows.push(cells);
    console.error(`pdfa: ${name} done`);
  }
  return [
    '## PDF to PDF/A',
    '',
    'Our conversion (Ghostscript pdfwrite in UTC, Info dates repaired and the file rewritten by qpdf, text held to the input by pdftotext, then checked) at 1b and 2b: output size · wall-clock seconds, or the refusal. Then Apache PDFBox Preflight 2.0.27 on our 1b output and on plain `gs -dPDFA=1` with the shipped PDFA_def.ps (what most tools run), with the codes of what it finds.',
    '',
    table(['fixture', 'input', 'ours 1b', 'ours 2b', 'Preflight: ours 1b', 'Preflight: plain gs 1b'], rows),
  ].join('\n');
}

import fs from 'node:fs/promises';
import path from 'node:path';
import compressTool from '#shared/tools/compress-pdf';
import { DOWNSAMPLE_THRESHOLD } from '../worker/src/engines/ghostscript';
import { runEngine } from '../worker/src/engines/run';
import { pageCount } from '../worker/src/engines/qpdf';
import { imageProfile } from '../worker/src/processors/compress-pdf';
import { fixture } from '../tests/support/fixtures';
import { kb, runProcessor, scratchDir, secs, table, timed } from './lib';

/**
 * Fixtures whose bytes are mostly raster images (share of the file in images, from
 * `pdfimages -list`): photos with alpha, 200-ppi colour scans, an indexed CMYK photo, a report
 * with photos and maps, a 600-ppi bilevel scan.
 */
const IMAGE_HEAVY = [
  'pdfjs_images.pdf', // 99%
  'pdfjs_issue7229_broken-offsets.pdf', // 100%, also damaged
  'pypdf_cmyk-image.pdf', // 99%
  'plumber_chelsea_pdta.pdf', // 74%
  'pdfjs_bug1795263_no-xref.pdf', // 65%, also damaged
];
/** The options each column runs with: the named levels, the default percentage, and `custom` at a chosen resolution. */
const LEVELS: ReadonlyArray<{ label: string; options: Record<string, unknown> }> = [
  { label: 'low', options: { compress: 'low' } },
  { label: 'medium', options: { compress: 'medium' } },
  { label: 'high', options: { compress: 'high' } },
  { label: '70', options: { compress: '70' } },
  { label: 'custom 150', options: { compress: 'custom', rate: 150 } },
];

interface Cell {
  bytes: number;
  seconds: number;
  note?: string;
}

const cell = (input: number, c: Cell) =>
  `${kb(c.bytes)} · ${(input / c.bytes).toFixed(1)}× · ${secs(c.seconds)}${c.note ? ` · ${c.note}` : ''}`;

/** Our compress processor at each level against Ghostscript's own /ebook preset, same files, same run. */
export async function compressBench(): Promise<string> {
  const rows: string[][] = [];
  for (const name of IMAGE_HEAVY) {
    const input = fixture(`pdf/${name}`);
    const inputBytes = (await fs.stat(input)).size;
    const cells: Cell[] = [];
    for (const level of LEVELS) {
      const workDir = await scratchDir('compress');
      const { seconds, result } = await timed(() => runProcessor('compress-pdf', [input], level.options, workDir));
      cells.push({ bytes: (await fs.stat(result.outputs[0].path)).size, seconds, note: result.notice });
      await fs.rm(workDir, { recursive: true, force: true });
    }
    cells.push(await ghostscriptEbook(input));
    rows.push([name, kb(inputBytes), ...cells.map((c) => cell(inputBytes, c))]);
    console.error(`compress: ${name} done`);
  }

  const levels = LEVELS.map((level) => {
    const { dpi, jpegQuality } = imageProfile(compressTool.options.parse(level.options));
    return `- ours \`${level.label}\`: colour and grey images above ${dpi * DOWNSAMPLE_THRESHOLD} dpi brought down to ${dpi} dpi, JPEG quality ${jpegQuality}, then qpdf recompression`;
  });
  return [
    '## Compress: image-heavy fixtures',
    '',
    'Each cell: output size · input/output ratio · wall-clock seconds (· notice or problem).',
    '',
    ...levels,
    '- the result is never larger than the input: when nothing smaller comes out, the input comes back as it was',
    "- Ghostscript's rewrite is kept only when pdftotext reads it exactly as the input (current interpreter, else the legacy one); otherwise qpdf's lossless pass alone",
    '- `gs /ebook`: `gs -sDEVICE=pdfwrite -dPDFSETTINGS=/ebook` on the original file, as is',
    '',
    table(['fixture', 'input', ...LEVELS.map((l) => `ours ${l.label}`), 'gs /ebook'], rows),
  ].join('\n');
}

async function ghostscriptEbook(input: string): Promise<Cell> {
  const dir = await scratchDir('gs-ebook');
  const output = path.join(dir, 'out.pdf');
  try {
    const { seconds, result } = await timed(() =>
      runEngine(
        'gs',
        [
          '-q',
          '-dNOPAUSE',
          '-dBATCH',
          '-dSAFER',
          '-sstdout=%stderr',
          '-sDEVICE=pdfwrite',
          '-dPDFSETTINGS=/ebook',
          `-sOutputFile=${output}`,
          input,
        ],
        {
          timeoutMs: 300_000,
        },
      ),
    );
    const [bytes, inputPages, outputPages] = await Promise.all([fs.stat(output).then((s) => s.size), pageCount(input), pageCount(output)]);
    // Ghostscript exits 0 even when it could not read the file; it then writes one blank page.
    const note = result.stderr.includes('No pages will be processed')
      ? 'blank page: gs could not read the file'
      : outputPages !== inputPages
        ? `${outputPages}/${inputPages} pages`
        : undefined;
    return { bytes, seconds, note };
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
}

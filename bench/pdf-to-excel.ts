import fs from 'node:fs/promises';
import path from 'node:path';
import ExcelJS from 'exceljs';
import { runEngine } from '../worker/src/engines/run';
import { fixture } from '../tests/support/fixtures';
import { runProcessor, scratchDir, secs, table, timed } from './lib';

/**
 * Hand-checked cells of the table fixtures, read off the page renders and `pdftotext -layout`:
 * blocks of consecutive rows, a cell per column, null where the block has no cell to check (an
 * empty corner, the second half of a merged header). The blocks sit anywhere on their page: a
 * route scores the cells it puts in the same places relative to one another.
 */
const TRUTH: ReadonlyArray<{ file: string; page: number; label: string; rows: ReadonlyArray<ReadonlyArray<string | null>> }> = [
  {
    file: 'plumber_WARN-Report.pdf',
    page: 1,
    label: 'ruled, header and first records',
    rows: [
      ['Notice Date', 'Effective', 'Received', 'Company', 'City', 'No. Of', 'Layoff/Closure'],
      ['06/22/2015', '03/25/2016', '07/01/2015', 'Maxim Integrated Product', 'San Jose', '150', 'Closure Permanent'],
      ['06/30/2015', '08/29/2015', '07/01/2015', 'McGraw-Hill Education', 'Monterey', '137', 'Layoff Unknown at this time'],
      ['06/30/2015', '08/30/2015', '07/01/2015', 'Long Beach Memorial Medical Center', 'Long Beach', '90', 'Layoff Permanent'],
    ],
  },
  {
    file: 'plumber_WARN-Report.pdf',
    page: 15,
    label: 'ruled, two-line headers',
    rows: [
      ['Summary by Month', 'Notices', 'Employees Affected', 'Permanent Layoff', 'Temporary Layoff', 'Not Identified Layoff', 'Permanent Closure', 'Temporary Closure', 'Not Identified Closure'],
      ['July 2015', '71', '8,574', '30', '2', '13', '25', '1', '0'],
      ['August 2015', '69', '5,890', '28', '2', '7', '31', '0', '1'],
    ],
  },
  {
    file: 'plumber_WARN-Report.pdf',
    page: 16,
    label: 'ruled, total row',
    rows: [
      ['March 2016', '58', '2,839', '38', '0', '5', '14', '1', '0'],
      ['Total', '632', '53,454', '295', '11', '90', '212', '12', '12'],
    ],
  },
  {
    file: 'pdfjs_tracemonkey.pdf',
    page: 12,
    label: 'no rules, under two columns of prose',
    rows: [
      [null, 'Loops', 'Trees', 'Traces', 'Aborts', 'Flushes', 'Trees/Loop', 'Traces/Tree', 'Traces/Loop', 'Speedup'],
      ['3d-cube', '25', '27', '29', '3', '0', '1.1', '1.1', '1.2', '2.20x'],
      ['3d-morph', '5', '8', '8', '2', '0', '1.6', '1.0', '1.6', '2.86x'],
      ['3d-raytrace', '10', '25', '100', '10', '1', '2.5', '4.0', '10.0', '1.18x'],
      ['access-binary-trees', '0', '0', '0', '5', '0', '-', '-', '-', '0.93x'],
    ],
  },
  {
    file: 'plumber_chelsea_pdta.pdf',
    page: 27,
    label: 'ruled, merged header, paragraphs in cells',
    rows: [
      ['AXE D’EVALUATION', 'ACTIONS', null, 'ÉCHEANCIER', 'RESSOURCES NECESSAIRES', 'RESPONSABLES ET PARTENAIRES'],
      [
        'Promotion Promouvoir le projet, en faire la publicité et le faire connaître.',
        'Événements',
        '• Encourager les citoyens à participer au Défi du mois du vélo pendant tout le mois de mai et à continuer de rouler à vélo le reste de l’année.',
        'En continu',
        null,
        'Responsable du transport actif, service des loisirs',
      ],
    ],
  },
  {
    file: 'plumber_chelsea_pdta.pdf',
    page: 60,
    label: 'ruled, French',
    rows: [
      ['Synthèse de résultats', 'Toujours', 'Souvent', 'Rarement', 'Jamais', 'Non applicable'],
      ['Pour faire l’épicerie', '1', '19', '62', '153', '4'],
      ['Pour faire vos achats (autre que l’épicerie)', '0', '9', '71', '153', '6'],
      ['Pour participer à des activités sociales', '1', '65', '96', '71', '6'],
      ['Pour se rendre à l\'école ou au travail', '6', '20', '46', '124', '41'],
      ['Pour le loisir ou le sport', '92', '111', '23', '18', '2'],
      ['Autre:', '0', '0', '0', '0', '7'],
    ],
  },
  {
    file: 'plumber_federal-register-2020-17221.pdf',
    page: 5,
    label: 'header ruled off, a record a line',
    rows: [
      ['Action', 'Labor cost', 'Parts cost', 'Cost per product', 'Cost on U.S. operators'],
      ['FCC OPS installation and verification', '1 work-hour × $85 per hour = $85', '$0', '$85', '$6,205.'],
      ['AFM revisions', '1 work-hour × $85 per hour = $85', '$0', '$85', '$6,205.'],
    ],
  },
];

type Grid = string[][];

/**
 * A cell's meaning as text, so that "8,574" and 8574, "06/22/2015" and a date, "(81)" and -81
 * compare equal: whitespace collapsed, dot leaders gone, figures and dates written one way.
 */
function canonical(v: unknown): string {
  if (v instanceof Date) return v.toISOString().slice(0, 10);
  if (typeof v === 'number') return String(v);
  if (v && typeof v === 'object' && 'richText' in v) return canonical((v as ExcelJS.CellRichTextValue).richText.map((t) => t.text).join(''));
  const s = String(v ?? '')
    .replace(/(?:\s+\.{2,}|\.{4,})$/, '')
    .replace(/\s+/g, ' ')
    .trim();
  const date = /^(\d\d)\/(\d\d)\/(\d{4})$/.exec(s);
  if (date) return `${date[3]}-${date[1]}-${date[2]}`;
  const figure = /^(\()?\$?([\d,]*\d(?:\.\d+)?)\.?(\))?$/.exec(s);
  if (figure && Boolean(figure[1]) === Boolean(figure[3]) && /^\d{1,3}(,\d{3})*(\.\d+)?$|^\d+(\.\d+)?$/.test(figure[2])) {
    return String((figure[1] ? -1 : 1) * Number(figure[2].replace(/,/g, '')));
  }
  return s;
}

/** Share of a block's cells found at the same places relative to one another, at the best placement over the grids. */
function accuracy(rows: ReadonlyArray<ReadonlyArray<string | null>>, grids: readonly Grid[]): { found: number; total: number } {
  const wanted = rows.flatMap((row, r) => row.flatMap((cell, c) => (cell === null ? [] : [{ r, c, value: canonical(cell) }])));
  let best = 0;
  for (const grid of grids) {
    const where = new Map<string, Array<[number, number]>>();
    grid.forEach((row, R) => row.forEach((v, C) => (v ? where.set(v, [...(where.get(v) ?? []), [R, C]]) : undefined)));
    const votes = new Map<string, number>();
    for (const w of wanted) for (const [R, C] of where.get(w.value) ?? []) votes.set(`${R - w.r},${C - w.c}`, (votes.get(`${R - w.r},${C - w.c}`) ?? 0) + 1);
    for (const n of votes.values()) best = Math.max(best, n);
  }
  return { found: best, total: wanted.length };
}

/** Our workbook's sheet for a page, as a grid of canonical cells (merged cells keep their value in the first). */
function oursGrids(book: ExcelJS.Workbook, page: number): Grid[] {
  const sheet = book.getWorksheet(`Page ${page}`);
  if (!sheet) return [];
  const grid: Grid = [];
  sheet.eachRow((row, r) => {
    grid[r - 1] = [];
    row.eachCell((cell, c) => {
      grid[r - 1][c - 1] = cell.isMerged && cell.master !== cell ? '' : canonical(cell.value);
    });
  });
  return [Array.from(grid, (row) => Array.from(row ?? [], (v) => v ?? ''))];
}

/** The baseline: `pdftotext -layout` lines of the page, cut into cells at runs of two spaces or more. */
function layoutGrid(text: string): Grid {
  return text.split('\n').map((line) => line.trim().split(/\s{2,}/).map(canonical));
}

const pct = (r: { found: number; total: number }) => `${((100 * r.found) / Math.max(1, r.total)).toFixed(1)} % (${r.found}/${r.total})`;

/**
 * PDF to Excel: ours against the pdftotext baseline on the table fixtures, in the same run, and
 * LibreOffice's attempt. Cell accuracy on the hand-checked blocks above; wall-clock seconds per file.
 */
export async function pdfToExcelBench(): Promise<string> {
  const dir = await scratchDir('excel');
  const files = [...new Set(TRUTH.map((t) => t.file))];
  const perFile: string[][] = [];
  const perBlock: string[][] = [];
  const totals = { ours: { found: 0, total: 0 }, layout: { found: 0, total: 0 } };
  try {
    // One untimed run first: a worker is long-lived, its pdf.js already loaded and compiled.
    await runProcessor('pdf-to-excel', [fixture(`pdf/${files[0]}`)], {}, await fs.mkdtemp(path.join(dir, 'warm-')));
    for (const name of files) {
      const input = fixture(`pdf/${name}`);
      const work = await fs.mkdtemp(path.join(dir, 'ours-'));
      const ours = await timed(() => runProcessor('pdf-to-excel', [input], {}, work));
      const book = new ExcelJS.Workbook();
      await book.xlsx.readFile(ours.result.outputs[0].path);

      const layout = await timed(async () => {
        const { stdout } = await runEngine('pdftotext', ['-layout', input, '-'], { timeoutMs: 120_000 });
        return stdout.split('\f').map(layoutGrid);
      });

      const profile = path.join(dir, 'lo-profile');
      const libreOffice = await timed(() =>
        runEngine('soffice', [`-env:UserInstallation=file://${profile}`, '--headless', '--convert-to', 'xlsx', '--outdir', dir, input], { timeoutMs: 180_000 })
          .then(async (r) => ((await fs.stat(path.join(dir, `${path.basename(name, '.pdf')}.xlsx`)).catch(() => undefined)) ? 'wrote an xlsx' : lastLine(r.stderr || r.stdout)))
          .catch((e: unknown) => lastLine(String((e as { detail?: string }).detail ?? e))),
      );

      const fileScore = { ours: { found: 0, total: 0 }, layout: { found: 0, total: 0 } };
      for (const block of TRUTH.filter((t) => t.file === name)) {
        const a = accuracy(block.rows, oursGrids(book, block.page));
        const b = accuracy(block.rows, [layout.result[block.page - 1] ?? []]);
        for (const [key, r] of [['ours', a], ['layout', b]] as const) {
          fileScore[key].found += r.found;
          fileScore[key].total += r.total;
          totals[key].found += r.found;
          totals[key].total += r.total;
        }
        perBlock.push([`${name} p. ${block.page}`, block.label, pct(a), pct(b)]);
      }
      const pages = (await runEngine('qpdf', ['--show-npages', input], { timeoutMs: 60_000 })).stdout.trim();
      perFile.push([`\`${name}\``, pages, secs(ours.seconds), pct(fileScore.ours), secs(layout.seconds), pct(fileScore.layout), `${secs(libreOffice.seconds)}: ${libreOffice.result}`]);
      console.error(`pdf-to-excel: ${name} done`);
    }
  } finally {
    await fs.rm(dir, { recursive: true, force: true });
  }
  return [
    '## PDF to Excel: cell accuracy on hand-checked tables',
    '',
    'Each fixture whole, through `pdf-to-excel` (repair, pdf.js, table detection, exceljs) and through the usual',
    'baseline, `pdftotext -layout` with each line cut into cells at runs of two or more spaces. A hand-checked',
    'block of cells (in `bench/pdf-to-excel.ts`) scores the cells found at the same places relative to one',
    'another on the right page (sheet `Page N`; the baseline\'s page N), placed where most of them match.',
    'Cells compare by meaning: 8,574 and 8574, 06/22/2015 and the date, dot leaders dropped. LibreOffice has',
    'no route: `soffice --convert-to xlsx` opens a PDF in Draw, which has no spreadsheet export.',
    '',
    table(['fixture', 'pages', 'ours', 'ours: cells right', 'pdftotext -layout', 'baseline: cells right', 'LibreOffice'], perFile),
    '',
    table(['block', 'table', 'ours', 'pdftotext -layout'], perBlock),
    '',
    `All blocks: ours ${pct(totals.ours)}, pdftotext -layout ${pct(totals.layout)}.`,
  ].join('\n');
}

const lastLine = (s: string) =>
  s
    .trim()
    .split('\n')
    .filter((l) => !/javaldx/.test(l))
    .at(-1)
    ?.replace(/\|/g, '/')
    .trim() ?? 'failed';

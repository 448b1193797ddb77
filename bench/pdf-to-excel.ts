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
  {
    file: 'sheaf_stock-narrow-columns.pdf',
    page: 1,
    label: 'no rules, spreadsheet at narrow widths, columns a space apart',
    rows: [
      ['Item', 'Qty', 'Kg', 'Supp.', 'Price', 'Bin'],
      ['Bolt M6x20', '1204', '3.5', 'FX-9', '0.12', 'A-03'],
      ['Nut M6', '5310', '1.2', 'FX-9', '0.04', 'A-04'],
      ['Washer M6', '2875', '0.8', 'KL-2', '0.02', 'A-05'],
      ['Bolt M8x30', '840', '4.1', 'FX-9', '0.21', 'A-07'],
      ['Hinge 40mm', '96', '2.9', 'HB-14', '1.85', 'C-11'],
      ['Bracket L50', '312', '7.6', 'HB-14', '0.95', 'C-12'],
      ['Screw 4x40', '10250', '12.3', 'SP-3', '0.03', 'B-01'],
      ['Rivet 3.2', '7400', '2.2', 'KL-2', '0.01', 'B-02'],
      ['Spring 12mm', '58', '0.4', 'SP-3', '0.35', 'D-08'],
      ['Clamp 25mm', '145', '3.3', 'HB-14', '1.10', 'D-09'],
      ['Pin 5x30', '2210', '1.9', 'FX-9', '0.06', 'B-03'],
      ['Gasket 60', '77', '0.6', 'GT-1', '2.40', 'E-02'],
      ['Total', '30777', '40.8', null, null, null],
    ],
  },
  {
    file: 'sheaf_regional-sales.pdf',
    page: 1,
    label: 'no rules, right and decimal tab stops between paragraphs',
    rows: [
      ['Region', 'Units', 'Revenue', 'Margin', 'Manager'],
      ['North-East', '1,204', '48,310.50', '12.5', 'Dupont'],
      ['North-West', '987', '39,120.00', '9.75', 'Martin'],
      ['Central', '2,310', '102,455.25', '14', 'Nguyen'],
      ['South-East', '456', '18,004.10', '7.5', 'Okafor'],
      ['South-West', '1,876', '75,600.00', '11.25', 'Rossi'],
      ['Islands', '88', '3,520.40', '6', 'Larsen'],
      ['Total', '6,921', '287,010.25', '11.6', null],
    ],
  },
];

type Grid = string[][];
/** A sheet's cells as canonical text, and which of them hold a number. */
interface Sheet {
  grid: Grid;
  numbers: boolean[][];
}

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

interface Score {
  found: number;
  total: number;
  /** The block's figures, and how many of them the sheet holds as numbers where it placed the block. */
  figures: number;
  numbers: number;
}

/** A figure as a spreadsheet should hold it: a number once its grouping and currency are read. */
const isFigure = (text: string) => /^-?\d+(?:\.\d+)?$/.test(canonical(text));

/** Share of a block's cells found at the same places relative to one another, at the best placement over the sheets. */
function accuracy(rows: ReadonlyArray<ReadonlyArray<string | null>>, sheets: readonly Sheet[]): Score {
  const wanted = rows.flatMap((row, r) =>
    row.flatMap((cell, c) => (cell === null ? [] : [{ r, c, value: canonical(cell), figure: isFigure(cell) }])),
  );
  const figures = wanted.filter((w) => w.figure).length;
  let best = { found: 0, numbers: 0 };
  for (const { grid, numbers } of sheets) {
    const where = new Map<string, Array<[number, number]>>();
    grid.forEach((row, R) => row.forEach((v, C) => (v ? where.set(v, [...(where.get(v) ?? []), [R, C]]) : undefined)));
    const votes = new Map<string, { found: number; numbers: number }>();
    for (const w of wanted) {
      for (const [R, C] of where.get(w.value) ?? []) {
        const key = `${R - w.r},${C - w.c}`;
        const v = votes.get(key) ?? { found: 0, numbers: 0 };
        v.found++;
        if (w.figure && numbers[R]?.[C]) v.numbers++;
        votes.set(key, v);
      }
    }
    for (const v of votes.values()) if (v.found > best.found || (v.found === best.found && v.numbers > best.numbers)) best = v;
  }
  return { ...best, total: wanted.length, figures };
}

/** Our workbook's sheet for a page, as a grid of canonical cells (merged cells keep their value in the first). */
function oursGrids(book: ExcelJS.Workbook, page: number): Sheet[] {
  const sheet = book.getWorksheet(`Page ${page}`);
  if (!sheet) return [];
  const grid: Grid = [];
  const numbers: boolean[][] = [];
  sheet.eachRow((row, r) => {
    grid[r - 1] = [];
    numbers[r - 1] = [];
    row.eachCell((cell, c) => {
      const covered = cell.isMerged && cell.master !== cell;
      grid[r - 1][c - 1] = covered ? '' : canonical(cell.value);
      numbers[r - 1][c - 1] = !covered && typeof cell.value === 'number';
    });
  });
  return [{ grid: Array.from(grid, (row) => Array.from(row ?? [], (v) => v ?? '')), numbers }];
}

/** The baseline: `pdftotext -layout` lines of the page, cut into cells at runs of two spaces or more (text only: no numbers). */
function layoutGrid(text: string): Sheet {
  const grid = text.split('\n').map((line) => line.trim().split(/\s{2,}/).map(canonical));
  return { grid, numbers: [] };
}

const pct = (r: { found: number; total: number }) => `${((100 * r.found) / Math.max(1, r.total)).toFixed(1)} % (${r.found}/${r.total})`;
const numbersPct = (r: Score) => pct({ found: r.numbers, total: r.figures });
const zero = (): Score => ({ found: 0, total: 0, figures: 0, numbers: 0 });
function add(to: Score, r: Score) {
  to.found += r.found;
  to.total += r.total;
  to.figures += r.figures;
  to.numbers += r.numbers;
}

/**
 * PDF to Excel: ours against the pdftotext baseline on the table fixtures, in the same run, and
 * LibreOffice's attempt. Cell accuracy on the hand-checked blocks above; wall-clock seconds per file.
 */
export async function pdfToExcelBench(): Promise<string> {
  const dir = await scratchDir('excel');
  const files = [...new Set(TRUTH.map((t) => t.file))];
  const perFile: string[][] = [];
  const perBlock: string[][] = [];
  const totals = { ours: zero(), layout: zero() };
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

      const fileScore = { ours: zero(), layout: zero() };
      for (const block of TRUTH.filter((t) => t.file === name)) {
        const a = accuracy(block.rows, oursGrids(book, block.page));
        const b = accuracy(block.rows, [layout.result[block.page - 1] ?? { grid: [], numbers: [] }]);
        for (const [key, r] of [['ours', a], ['layout', b]] as const) {
          add(fileScore[key], r);
          add(totals[key], r);
        }
        perBlock.push([`${name} p. ${block.page}`, block.label, pct(a), numbersPct(a), pct(b)]);
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
    'no route: `soffice --convert-to xlsx` opens a PDF in Draw, which has no spreadsheet export. "Figures as numbers":',
    'of the block\'s cells that are figures, those our sheet holds as numbers where it placed the block (a text cell',
    '"1204" counts as right but not as a number). The `sheaf_` fixtures are made: a spreadsheet and a report printed',
    'to PDF by LibreOffice from the sources beside them.',
    '',
    table(['fixture', 'pages', 'ours', 'ours: cells right', 'pdftotext -layout', 'baseline: cells right', 'LibreOffice'], perFile),
    '',
    table(['block', 'table', 'ours', 'ours: figures as numbers', 'pdftotext -layout'], perBlock),
    '',
    `All blocks: ours ${pct(totals.ours)}, pdftotext -layout ${pct(totals.layout)}.`,
    `Figures stored as numbers (ours): ${numbersPct(totals.ours)}.`,
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

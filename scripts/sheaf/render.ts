import { COPY } from './copy';

export type RowResult = 'OK' | 'FAILED' | 'SKIPPED';

/** One line of the summary, and of `--json`. */
export interface Row {
  file: string;
  result: RowResult;
  /** The catalogue's message when FAILED. */
  message?: string;
  errorCode?: string;
  /** Why a task run here failed when the catalogue only says TASK_FAILED (an engine's words). */
  detail?: string;
  inputBytes: number;
  outputBytes: number;
  seconds: number;
  outputs: string[];
}

export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${bytes} B`;
  const units = ['KB', 'MB', 'GB', 'TB'];
  let value = bytes / 1024;
  let unit = 0;
  while (value >= 1024 && unit < units.length - 1) {
    value /= 1024;
    unit++;
  }
  return `${value < 10 ? value.toFixed(1) : Math.round(value)} ${units[unit]}`;
}

const formatSeconds = (s: number) => (s < 10 ? `${s.toFixed(1)} s` : `${Math.round(s)} s`);
const resultCell = (row: Row) =>
  row.result === 'FAILED' ? `${COPY.results.failed}: ${row.message ?? ''}` : COPY.results[row.result === 'OK' ? 'ok' : 'skipped'];

/** The line a finished task gets in plain output (not a terminal) and above the live bars. */
export function rowLine(row: Row): string {
  const sizes = row.result === 'FAILED' ? formatBytes(row.inputBytes) : `${formatBytes(row.inputBytes)} -> ${formatBytes(row.outputBytes)}`;
  const line = `${resultCell(row)}  ${row.file}  ${sizes}  ${formatSeconds(row.seconds)}`;
  return row.detail ? `${line}\n  ${row.detail.split('\n')[0]}` : line;
}

/** The summary table printed at the end of a run. */
export function summaryTable(rows: readonly Row[]): string {
  const cells = rows.map((r) => [
    r.file,
    resultCell(r),
    formatBytes(r.inputBytes),
    r.result === 'FAILED' ? '-' : formatBytes(r.outputBytes),
    formatSeconds(r.seconds),
  ]);
  const all = [[...COPY.tableHeadings], ...cells];
  const widths = COPY.tableHeadings.map((_, c) => Math.max(...all.map((line) => line[c].length)));
  // Sizes and times align right, text left.
  const pad = (text: string, c: number) => (c >= 2 ? text.padStart(widths[c]) : text.padEnd(widths[c]));
  const lines = all.map((line) => line.map(pad).join('  ').trimEnd());
  lines.splice(1, 0, widths.map((w) => '-'.repeat(w)).join('  '));
  const count = (result: RowResult) => rows.filter((r) => r.result === result).length;
  return `${lines.join('\n')}\n\n${COPY.totals(count('OK'), count('FAILED'), count('SKIPPED'))}\n`;
}

/** What the run tells while it works: live bars on a terminal, a line per finished file otherwise. */
export interface ProgressView {
  start(id: number, label: string): void;
  update(id: number, fraction: number): void;
  finish(id: number, row: Row): void;
  end(): void;
}

/** A line per finished file, for logs and pipes. */
export function plainView(out: NodeJS.WritableStream): ProgressView {
  return { start() {}, update() {}, finish: (_id, row) => void out.write(rowLine(row) + '\n'), end() {} };
}

const BAR_WIDTH = 24;
const REDRAW_MS = 100;

function bar(fraction: number): string {
  const filled = Math.round(Math.max(0, Math.min(1, fraction)) * BAR_WIDTH);
  return `[${'#'.repeat(filled)}${'-'.repeat(BAR_WIDTH - filled)}] ${String(Math.floor(fraction * 100)).padStart(3)}%`;
}

/**
 * Live bars on a terminal: one per running task and one for the whole run, redrawn in place (the
 * cursor moves up over the bars it drew); finished tasks scroll above them as plain lines.
 */
export function terminalView(out: NodeJS.WriteStream, total: number): ProgressView {
  const running = new Map<number, { label: string; fraction: number }>();
  const finishedLines: string[] = [];
  let finished = 0;
  let drawn = 0;
  let timer: NodeJS.Timeout | undefined;

  const fit = (text: string, width: number) => (text.length <= width ? text.padEnd(width) : '…' + text.slice(text.length - width + 1));
  function draw() {
    timer = undefined;
    const columns = out.columns || 80;
    const labelWidth = Math.max(10, Math.min(40, columns - BAR_WIDTH - 10));
    const overall = (finished + [...running.values()].reduce((sum, r) => sum + r.fraction, 0)) / Math.max(1, total);
    const live = [...running.values()].map((r) => `${fit(r.label, labelWidth)} ${bar(r.fraction)}`);
    live.push(`${fit(`${COPY.overall} ${finished}/${total}`, labelWidth)} ${bar(overall)}`);
    let text = drawn ? `\x1b[${drawn}A\r\x1b[0J` : '';
    text += finishedLines
      .splice(0)
      .map((line) => line + '\n')
      .join('');
    text += live.map((line) => line.slice(0, columns - 1) + '\n').join('');
    drawn = live.length;
    out.write(text);
  }
  const schedule = () => (timer ??= setTimeout(draw, REDRAW_MS));

  return {
    start(id, label) {
      running.set(id, { label, fraction: 0 });
      schedule();
    },
    update(id, fraction) {
      const entry = running.get(id);
      if (entry) entry.fraction = fraction;
      schedule();
    },
    finish(id, row) {
      running.delete(id);
      finished++;
      finishedLines.push(rowLine(row));
      schedule();
    },
    end() {
      clearTimeout(timer);
      draw();
    },
  };
}

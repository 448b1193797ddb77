import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runEngine } from '../worker/src/engines/run';
import { compressBench } from './compress';
import { ebooksCadBench } from './ebooks-cad';
import { lighthouseBench } from './lighthouse';
import { mergeBench } from './merge';
import { ocrBench } from './ocr';
import { officeBench } from './office';
import { organizeBench } from './organize';
import { pdfToExcelBench } from './pdf-to-excel';
import { pdfToPptBench } from './pdf-to-ppt';
import { pdfToWordBench } from './pdf-to-word';
import { thumbnailsBench } from './thumbnails';

/** `npx tsx bench/run.ts`: runs every benchmark and writes the tables to bench/results/latest.md. */
const version = async (cmd: string, arg: string) => {
  // pdftoppm prints its version on stderr.
  const { stdout, stderr } = await runEngine(cmd, [arg], { timeoutMs: 10_000 });
  return (stdout.trim() || stderr.trim()).split('\n')[0];
};

const environment = [
  `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version},`,
  `Ghostscript ${await version('gs', '--version')}, ${await version('qpdf', '--version')}, ${await version('pdftoppm', '-v')}.`,
].join(' ');

const sections = [await compressBench(), await mergeBench(), await organizeBench(), await thumbnailsBench(), await officeBench(), await ebooksCadBench(), await ocrBench(), await pdfToExcelBench(), await pdfToWordBench(), await pdfToPptBench(), await lighthouseBench()];
const markdown = ['# Sheaf benchmarks', '', environment, '', sections.join('\n\n'), ''].join('\n');

const target = path.join(import.meta.dirname, 'results', 'latest.md');
await fs.mkdir(path.dirname(target), { recursive: true });
await fs.writeFile(target, markdown);
console.log(markdown);
console.error(`written to ${path.relative(process.cwd(), target)}`);

import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { runEngine } from '../worker/src/engines/run';
import { aiBench } from './ai';
import { aiSpeedBench } from './ai-speed';
import { cliBench } from './cli';
import { compareBench } from './compare';
import { compressBench } from './compress';
import { ebooksCadBench } from './ebooks-cad';
import { editorBench } from './editor';
import { hostileBench } from './hostile';
import { inputsBench } from './inputs';
import { layoutBench } from './layout';
import { lighthouseBench } from './lighthouse';
import { loadBench } from './load';
import { memoryBench } from './memory';
import { serverMemoryBench } from './memory-server';
import { mergeBench } from './merge';
import { ocrBench } from './ocr';
import { officeBench } from './office';
import { organizeBench } from './organize';
import { pdfToExcelBench } from './pdf-to-excel';
import { pdfToPptBench } from './pdf-to-ppt';
import { pdfToWordBench, pdfToWordRunningBench } from './pdf-to-word';
import { sanitizeBench } from './sanitize';
import { redactBench } from './redact';
import { pdfaBench } from './pdfa';
import { stampsBench } from './stamps';
import { stoppingBench } from './stopping';
import { thumbnailsBench } from './thumbnails';

/**
 * `npm run bench`: runs every benchmark and writes the tables to bench/results/latest.md.
 * `npm run bench -- lighthouse ocr` runs just those sections and writes bench/results/partial.md.
 */
const SECTIONS: Record<string, () => Promise<string>> = {
  compress: compressBench,
  merge: mergeBench,
  organize: organizeBench,
  stamps: stampsBench,
  sanitize: sanitizeBench,
  redact: redactBench,
  layout: layoutBench,
  thumbnails: thumbnailsBench,
  office: officeBench,
  'ebooks-cad': ebooksCadBench,
  stopping: stoppingBench,
  ocr: ocrBench,
  'pdf-to-excel': pdfToExcelBench,
  'pdf-to-word': pdfToWordBench,
  'pdf-to-word-running': pdfToWordRunningBench,
  'pdf-to-ppt': pdfToPptBench,
  lighthouse: lighthouseBench,
  hostile: hostileBench,
  inputs: inputsBench,
  editor: editorBench,
  ai: aiBench,
  'ai-speed': aiSpeedBench,
  memory: memoryBench,
  // The whole server's part of `memory` alone (after start, and 60 s after work), with dist/ built.
  'memory-server': serverMemoryBench,
  load: loadBench,
  cli: cliBench,
  pdfa: pdfaBench,
  compare: compareBench,
};
const chosen = process.argv.slice(2);
const unknown = chosen.filter((name) => !(name in SECTIONS));
if (unknown.length) throw new Error(`unknown bench section(s) ${unknown.join(', ')}; known: ${Object.keys(SECTIONS).join(', ')}`);

const version = async (cmd: string, arg: string) => {
  // pdftoppm prints its version on stderr.
  const { stdout, stderr } = await runEngine(cmd, [arg], { timeoutMs: 10_000 });
  return (stdout.trim() || stderr.trim()).split('\n')[0];
};

const environment = [
  `Run ${new Date().toISOString()} on ${os.cpus().length} × ${os.cpus()[0]?.model.trim() ?? 'unknown CPU'}, Node ${process.version},`,
  `Ghostscript ${await version('gs', '--version')}, ${await version('qpdf', '--version')}, ${await version('pdftoppm', '-v')}.`,
].join(' ');

const sections: string[] = [];
// One after another: each measures timings and must not share the machine with another.
for (const name of chosen.length ? chosen : Object.keys(SECTIONS)) sections.push(await SECTIONS[name]());
const markdown = ['# Sheaf benchmarks', '', environment, '', sections.join('\n\n'), ''].join('\n');

const target = path.join(import.meta.dirname, 'results', chosen.length ? 'partial.md' : 'latest.md');
await fs.mkdir(path.dirname(target), { recursive: true });
await fs.writeFile(target, markdown);
console.log(markdown);
console.error(`written to ${path.relative(process.cwd(), target)}`);

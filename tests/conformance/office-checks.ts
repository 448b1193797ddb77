import { execFileSync } from 'node:child_process';
import { expect } from 'vitest';
import type { ToolRun } from './harness';
import { pageCount, text } from './pdf-checks';

/** Names of the fonts a PDF embeds (subset prefixes dropped), as pdffonts lists them. */
export function embeddedFonts(pdf: string): string[] {
  const lines = execFileSync('pdffonts', [pdf], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return lines.filter((l) => / yes (yes|no) (yes|no)/.test(l)).map((l) => l.split(/\s+/)[0].replace(/^[A-Z]{6}\+/, ''));
}

/** Fonts the PDF uses without embedding them: a viewer would substitute them (or show boxes). */
export function unembeddedFonts(pdf: string): string[] {
  const lines = execFileSync('pdffonts', [pdf], { encoding: 'utf8' }).trim().split('\n').slice(2);
  return lines.filter((l) => !/ yes (yes|no) (yes|no)/.test(l)).map((l) => l.split(/\s+/)[0]);
}

/** Slides of a .pptx as its presentation.xml lists them. */
export function slideCount(pptx: string): number {
  return Number(
    execFileSync('python3', ['-c', 'import sys,zipfile,re;print(len(re.findall(rb"<p:sldId ", zipfile.ZipFile(sys.argv[1]).read("ppt/presentation.xml"))))', pptx], {
      encoding: 'utf8',
    }).trim(),
  );
}

/** Text of the only output, whitespace collapsed. */
export async function outputText(run: ToolRun): Promise<string> {
  return (await text(run.outputs[0].path)).replace(/\s+/g, ' ');
}

/** What every office conversion must give: one PDF named after the input, pages, all fonts embedded. */
export function officeInvariant(run: ToolRun): void {
  expect(run.outputs).toHaveLength(1);
  expect(pageCount(run.outputs[0].path)).toBeGreaterThan(0);
  expect(unembeddedFonts(run.outputs[0].path)).toEqual([]);
}

import type { OcrEngineKind } from '#shared/env';
import { ENGINES, TOOLS, type EngineName, type ToolId } from '#shared/tools';
import { PREFLIGHT_PROBE } from './preflight';
import { runEngine } from './run';

/**
 * The programs each engine stands for, each with a cheap call that succeeds only when it is
 * installed and starts. A program a wrapper runs belongs to one engine here (a test holds them to it),
 * so a worker without it switches off exactly the tools that need it.
 */
export const ENGINE_PROGRAMS: Record<EngineName, ReadonlyArray<readonly [string, ...string[]]>> = {
  qpdf: [['qpdf', '--version']],
  gs: [['gs', '--version']],
  // poppler-utils: page images, and the page sizes and embedded images read beside them.
  pdftoppm: [['pdftoppm', '-v'], ['pdfinfo', '-v'], ['pdfimages', '-v']],
  pdftotext: [['pdftotext', '-v']],
  soffice: [['soffice', '--version']],
  chromium: [['/usr/bin/chromium', '--version']],
  'ebook-convert': [['ebook-convert', '--version']],
  bsdtar: [['bsdtar', '--version']],
  // Apache PDFBox Preflight on the distribution's Java: it loads its classes and reads an empty file.
  preflight: [PREFLIGHT_PROBE],
  // poppler-utils' signature reader.
  pdfsig: [['pdfsig', '-v']],
  // Native Tesseract 5, for OCR; without it tesseract.js (WebAssembly) reads the pages.
  tesseract: [['tesseract', '--version']],
};

/** soffice and calibre start a runtime even for --version; the others answer in milliseconds. */
const PROBE_TIMEOUT_MS = 15_000;

/** Whether every program of an engine is installed and starts. */
export async function probeEngine(engine: EngineName): Promise<boolean> {
  const present = await Promise.all(
    ENGINE_PROGRAMS[engine].map(([command, ...args]) =>
      runEngine(command, args, { timeoutMs: PROBE_TIMEOUT_MS }).then(
        () => true,
        () => false,
      ),
    ),
  );
  return present.every(Boolean);
}

/** Which native engines this worker can run, probed once at boot. */
export async function probeEngines(): Promise<Record<EngineName, boolean>> {
  const results = await Promise.all(ENGINES.map(async (engine) => [engine, await probeEngine(engine)] as const));
  return Object.fromEntries(results) as Record<EngineName, boolean>;
}

/** The OCR engine: the one OCR_ENGINE forces, else native Tesseract when it is installed, else tesseract.js. */
export function chooseOcrEngine(setting: OcrEngineKind | undefined, tesseractInstalled: boolean): OcrEngineKind {
  return setting ?? (tesseractInstalled ? 'native' : 'wasm');
}

/** Tools that are built and whose every engine is present. */
export function availableTools(engines: Record<EngineName, boolean>): ToolId[] {
  return TOOLS.filter((t) => t.built && t.engines.every((e) => engines[e])).map((t) => t.id);
}

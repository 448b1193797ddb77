import { ENGINES, TOOLS, type EngineName, type ToolId } from '#shared/tools';
import { runEngine } from './run';

/** A cheap call per engine that succeeds only when the binary is installed and starts. */
const PROBES: Record<EngineName, readonly [string, ...string[]]> = {
  qpdf: ['qpdf', '--version'],
  gs: ['gs', '--version'],
  pdftoppm: ['pdftoppm', '-v'],
  pdftotext: ['pdftotext', '-v'],
  soffice: ['soffice', '--version'],
  chromium: ['/usr/bin/chromium', '--version'],
  'ebook-convert': ['ebook-convert', '--version'],
  bsdtar: ['bsdtar', '--version'],
};

/** soffice and calibre start a runtime even for --version; the others answer in milliseconds. */
const PROBE_TIMEOUT_MS = 15_000;

/** Which native engines this worker can run, probed once at boot. */
export async function probeEngines(): Promise<Record<EngineName, boolean>> {
  const results = await Promise.all(
    ENGINES.map(async (engine) => {
      const [command, ...args] = PROBES[engine];
      try {
        await runEngine(command, args, { timeoutMs: PROBE_TIMEOUT_MS });
        return [engine, true] as const;
      } catch {
        return [engine, false] as const;
      }
    }),
  );
  return Object.fromEntries(results) as Record<EngineName, boolean>;
}

/** Tools that are built and whose every engine is present. */
export function availableTools(engines: Record<EngineName, boolean>): ToolId[] {
  return TOOLS.filter((t) => t.built && t.engines.every((e) => engines[e])).map((t) => t.id);
}

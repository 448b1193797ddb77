/**
 * Compiles the api, the worker and everything they start into dist/: production runs JavaScript,
 * with no TypeScript loader (tsx and its esbuild service) in memory. Each entry point becomes
 * `dist/<its source path>.js`, which is how shared/src/server/project-paths.ts finds the bundle of a
 * task host or thread. Code shared by entry points, and each module loaded with a dynamic import(),
 * go to chunks of their own, so a module the sources load lazily stays lazy in the bundle; npm
 * packages stay in node_modules. `npm start` runs this when a source is newer than dist/.stamp
 * (scripts/build-server.sh); `npm run build` always.
 */
import fs from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const ROOT = path.resolve(import.meta.dirname, '..');
const OUT = path.join(ROOT, 'dist');

const ENTRY_POINTS = [
  'api/src/main.ts',
  'worker/src/main.ts',
  'worker/src/sandbox/task-host.ts',
  'worker/src/sandbox/ai-index-host.ts',
  'worker/src/cad/thread.ts',
  'prisma/seed.ts',
  'scripts/supervise.ts',
  'scripts/check-env.ts',
  // What the server is doing, which `npm start` prints once the api answers.
  'scripts/mode-summary.ts',
  // The operator's billing command, for an image without tsx: `node dist/scripts/billing.js <command>`.
  'scripts/billing.ts',
  // The `sheaf` command, which scripts/sheaf.mjs runs when this build is fresh.
  'scripts/sheaf/main.ts',
];

// The stamp takes the time the build started: a source saved while it runs is newer, so built next time.
const started = new Date();
const result = await build({
  absWorkingDir: ROOT,
  entryPoints: ENTRY_POINTS,
  outbase: '.',
  outdir: OUT,
  chunkNames: 'chunks/[name]-[hash]',
  bundle: true,
  splitting: true,
  platform: 'node',
  format: 'esm',
  target: 'node20',
  packages: 'external',
  sourcemap: true,
  metafile: true,
  logLevel: 'warning',
});

// Chunks are named by their content: remove the ones this build no longer wrote.
const written = new Set(Object.keys(result.metafile.outputs).map((file) => path.join(ROOT, file)));
for (const entry of fs.readdirSync(OUT, { recursive: true, withFileTypes: true })) {
  const file = path.join(entry.parentPath, entry.name);
  if (entry.isFile() && !written.has(file) && entry.name !== '.stamp') fs.rmSync(file);
}
fs.writeFileSync(path.join(OUT, '.stamp'), '');
fs.utimesSync(path.join(OUT, '.stamp'), started, started);

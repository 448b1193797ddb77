import fs from 'node:fs';
import path from 'node:path';

/**
 * Sheaf runs from its TypeScript sources (tsx in development, vitest) and from the bundles esbuild
 * writes to dist/ (`npm start`, the Docker image). A module's own folder is not the same in both,
 * so files kept beside the sources (LibreOffice's bridge, the fonts, the web build) and the entry
 * points of child processes are found from the project's root, the folder holding package.json.
 */
export const PROJECT_ROOT = findRoot(import.meta.dirname);

/** True in the bundles under dist/ (scripts/build-server.ts writes `dist/<source path>.js` for each entry point). */
const COMPILED = import.meta.url.endsWith('.js');

/** A file of the project, by its path from the root (`worker/assets/fonts`). */
export function projectPath(relative: string): string {
  return path.join(PROJECT_ROOT, relative);
}

/** What a child process or thread starts with: the entry's source, or its bundle when this runs compiled. */
export function entryPoint(source: string): string {
  return projectPath(COMPILED ? path.join('dist', source.replace(/\.ts$/, '.js')) : source);
}

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    if (fs.existsSync(path.join(dir, 'package.json'))) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json in ${from} or above`);
  }
}

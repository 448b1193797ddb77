#!/usr/bin/env node
// The `sheaf` command (package.json "bin"). Runs the compiled command when dist/ holds a build no
// older than the sources it is made of (the test scripts/build-server.sh makes for `npm start`),
// else the TypeScript sources through tsx. Either way in this one Node process for the build, and
// with the caller's arguments, working directory and exit code.
import { spawn } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath, pathToFileURL } from 'node:url';

const ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
const BUILT = path.join(ROOT, 'dist/scripts/sheaf/main.js');
const SOURCE = path.join(ROOT, 'scripts/sheaf/main.ts');
/** What the command's bundle is built from; a file here newer than dist/.stamp means the build is stale. */
const SOURCES = ['scripts/sheaf', 'worker', 'shared', 'package.json', 'package-lock.json'];

function newerThan(file, since) {
  const stat = fs.statSync(file, { throwIfNoEntry: false });
  if (!stat) return false;
  if (!stat.isDirectory()) return stat.mtimeMs > since;
  return fs.readdirSync(file).some((name) => newerThan(path.join(file, name), since));
}

function builtAndFresh() {
  const stamp = fs.statSync(path.join(ROOT, 'dist/.stamp'), { throwIfNoEntry: false });
  return Boolean(stamp && fs.existsSync(BUILT) && !SOURCES.some((s) => newerThan(path.join(ROOT, s), stamp.mtimeMs)));
}

/** tsx, resolved from this file (in the project), so the command works from any folder; absent where devDependencies are not installed. */
function tsxLoader() {
  try {
    return import.meta.resolve('tsx');
  } catch {
    return undefined;
  }
}

const tsx = tsxLoader();
// Without tsx (a production image) the build is all there is, however old.
if (builtAndFresh() || (!tsx && fs.existsSync(BUILT))) {
  await import(pathToFileURL(BUILT).href);
} else {
  const child = spawn(process.execPath, ['--import', tsx, SOURCE, ...process.argv.slice(2)], { stdio: 'inherit' });
  // The terminal's Ctrl-C reaches the child too (same process group): it stops its tasks and prints its summary.
  process.on('SIGINT', () => {});
  process.on('SIGTERM', () => child.kill('SIGTERM'));
  child.on('exit', (code) => process.exit(code ?? 1));
}

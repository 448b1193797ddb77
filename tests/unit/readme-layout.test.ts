import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import path from 'node:path';
import { createRequire } from 'node:module';
import { describe, expect, it } from 'vitest';

const ROOT = path.resolve(import.meta.dirname, '../..');
const readme = fs.readFileSync(path.join(ROOT, 'README.md'), 'utf8');

/** The paths README's Layout block names, one per line in its first column, braces expanded. */
function layoutPaths(): string[] {
  const block = /^## Layout\n\n```\n([\s\S]*?)```/m.exec(readme);
  if (!block) throw new Error('README.md has no ## Layout code block');
  return block[1]
    .split('\n')
    .map((line) => line.split(/\s{2,}/)[0].trim())
    .filter(Boolean)
    .flatMap(expandBraces);
}

function expandBraces(pattern: string): string[] {
  const m = /\{([^}]+)\}/.exec(pattern);
  if (!m) return [pattern];
  return m[1].split(',').flatMap((part) => expandBraces(pattern.slice(0, m.index) + part + pattern.slice(m.index + m[0].length)));
}

/** What must exist for a named path: itself, or for a placeholder (`routes/<area>/`) the folder that holds it. */
const existing = (named: string) => named.split(/<[^>]+>/)[0];

const foldersIn = (dir: string) =>
  fs
    .readdirSync(path.join(ROOT, dir), { withFileTypes: true })
    .filter((e) => e.isDirectory() && !e.name.startsWith('.') && e.name !== 'node_modules')
    .map((e) => e.name);

/** The repository's top-level source folders: those git tracks files in (not .data, dist, node_modules), dot-folders aside. */
function topLevelFolders(): string[] {
  const files = execFileSync('git', ['ls-files', '-z'], { cwd: ROOT, encoding: 'utf8' }).split('\0');
  return [...new Set(files.filter((f) => f.includes('/') && !f.startsWith('.')).map((f) => f.split('/')[0]))];
}

describe("README's Layout", () => {
  const named = layoutPaths();

  it('names only files and folders that exist', () => {
    const missing = named.filter((p) => !fs.existsSync(path.join(ROOT, existing(p))));
    expect(missing).toEqual([]);
  });

  it('names every top-level source folder', () => {
    const listed = new Set(named.map((p) => p.split('/')[0]));
    expect(topLevelFolders().filter((f) => !listed.has(f))).toEqual([]);
  });

  it("names every folder of worker/src, in the order of the layer lint, which covers each", () => {
    const listed = named.filter((p) => p.startsWith('worker/src/')).map((p) => p.split('/')[2]);
    expect(foldersIn('worker/src').filter((f) => !listed.includes(f))).toEqual([]);
    // .dependency-cruiser.cjs names a rule worker-<folder>-not-up per layer, top to bottom.
    const rules: Array<{ name: string }> = createRequire(import.meta.url)(path.join(ROOT, '.dependency-cruiser.cjs')).forbidden;
    const layers = rules.flatMap((r) => /^worker-(.+)-not-up$/.exec(r.name)?.[1] ?? []);
    expect(listed.filter((f) => layers.includes(f))).toEqual(layers);
    expect(foldersIn('worker/src').filter((f) => !layers.includes(f))).toEqual([]);
  });
});

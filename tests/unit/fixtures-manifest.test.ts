import { createHash } from 'node:crypto';
import fs from 'node:fs';
import path from 'node:path';
import { describe, expect, it } from 'vitest';
import { FIXTURES } from '../support/fixtures';

/** Files about the folder itself, not test data: they need no manifest row. */
const ABOUT_THE_FOLDER = ['MANIFEST.tsv', 'README.md'];

interface ManifestRow {
  file: string;
  license: string;
  sha256Prefix: string;
}

function manifestRows(): ManifestRow[] {
  const [header, ...lines] = fs.readFileSync(path.join(FIXTURES, 'MANIFEST.tsv'), 'utf8').trimEnd().split('\n');
  const columns = header.split('\t');
  const at = (name: string) => {
    const index = columns.indexOf(name);
    if (index < 0) throw new Error(`MANIFEST.tsv has no ${name} column`);
    return index;
  };
  const [file, license, sha] = [at('local_file'), at('license'), at('sha256_prefix')];
  return lines.map((line) => line.split('\t')).map((cols) => ({ file: cols[file], license: cols[license], sha256Prefix: cols[sha] }));
}

const filesOnDisk = () =>
  fs
    .readdirSync(FIXTURES, { recursive: true, encoding: 'utf8' })
    .filter((rel) => fs.statSync(path.join(FIXTURES, rel)).isFile() && !ABOUT_THE_FOLDER.includes(rel))
    .sort();

const sha256 = (file: string) => createHash('sha256').update(fs.readFileSync(file)).digest('hex');

describe('tests/fixtures/MANIFEST.tsv', () => {
  const rows = manifestRows();

  it('has a row for every fixture file, and a file for every row', () => {
    expect(rows.map((r) => r.file).sort()).toEqual(filesOnDisk());
  });

  it('lists each file once', () => {
    const names = rows.map((r) => r.file);
    expect(names.filter((name, i) => names.indexOf(name) !== i)).toEqual([]);
  });

  it('gives every file a licence', () => {
    expect(rows.filter((r) => !r.license?.trim()).map((r) => r.file)).toEqual([]);
  });

  it('holds the bytes the manifest describes (sha256 prefix)', () => {
    const changed = rows
      .filter((r) => fs.existsSync(path.join(FIXTURES, r.file)))
      .filter((r) => !r.sha256Prefix || !sha256(path.join(FIXTURES, r.file)).startsWith(r.sha256Prefix))
      .map((r) => r.file);
    expect(changed).toEqual([]);
  });
});

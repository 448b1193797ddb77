import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkZip, listZip, readZipEntry, ZipFormatError } from '../../worker/src/engines/archive-guard';
import { fixture } from '../support/fixtures';

let dir: string;
/** The system python starts faster than a version manager's shim. */
const PYTHON = fs.existsSync('/usr/bin/python3') ? '/usr/bin/python3' : 'python3';
/** Writes a ZIP with python3's zipfile, which is independent of the reader under test. */
const pyZip = (name: string, body: string) => {
  const file = path.join(dir, name);
  execFileSync(PYTHON, ['-c', `import sys,zipfile\nwith zipfile.ZipFile(sys.argv[1],"w",zipfile.ZIP_DEFLATED) as z:\n${body}`, file]);
  return file;
};

beforeAll(() => {
  dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-archive-guard-'));
});
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('listZip', () => {
  it("reads a real docx's central directory", async () => {
    const listing = await listZip(fixture('office/pydocx_tbl-having-tables.docx'));
    expect(listing.entries.map((e) => e.name)).toContain('word/document.xml');
    expect(listing.totalUncompressed).toBe(listing.entries.reduce((sum, e) => sum + e.uncompressedSize, 0));
  });

  it('reads ZIP64 sizes and a trailing comment', async () => {
    const file = pyZip('zip64.zip', ' z.comment=b"x"*300\n with z.open("big.bin","w",force_zip64=True) as f: f.write(bytes(5000))');
    const [entry] = (await listZip(file)).entries;
    expect(entry).toMatchObject({ name: 'big.bin', uncompressedSize: 5000, method: 8 });
  });

  it('says what is no ZIP', async () => {
    const file = path.join(dir, 'not.zip');
    fs.writeFileSync(file, 'PK\u0003\u0004 and then nothing a ZIP reader could use');
    await expect(listZip(file)).rejects.toBeInstanceOf(ZipFormatError);
  });
});

describe('checkZip', () => {
  it('passes every office and iWork fixture', async () => {
    const files = ['office', 'iwork'].flatMap((d) => fs.readdirSync(fixture(d)).map((f) => fixture(`${d}/${f}`)));
    const zips = files.filter((f) => fs.readFileSync(f).subarray(0, 4).toString('latin1') === 'PK\u0003\u0004');
    expect(zips.length).toBeGreaterThan(15);
    for (const file of zips) await expect(checkZip(file), file).resolves.toBeTruthy();
  });

  it('refuses a decompression bomb: 10 MB of zeros in a few KB', async () => {
    const bomb = pyZip('bomb.zip', ' z.writestr("zeros.bin", bytes(10 << 20))');
    expect(fs.statSync(bomb).size).toBeLessThan(64 * 1024);
    await expect(checkZip(bomb)).rejects.toMatchObject({ code: 'ARCHIVE_TOO_LARGE' });
  }, 30_000);

  it('refuses an archive that unpacks past the size limit, whatever its ratio', async () => {
    const file = pyZip('large.zip', ' import os\n z.writestr("random.bin", os.urandom(3 << 20))');
    await expect(checkZip(file, { limits: { maxUncompressedBytes: 2 << 20 } })).rejects.toMatchObject({ code: 'ARCHIVE_TOO_LARGE' });
    await expect(checkZip(file)).resolves.toBeTruthy();
  }, 30_000);

  it('refuses an archive with too many entries', async () => {
    const file = pyZip('many.zip', ' for i in range(10001): z.writestr(f"e{i}", b"")');
    await expect(checkZip(file)).rejects.toMatchObject({ code: 'ARCHIVE_TOO_LARGE' });
    await expect(checkZip(file, { limits: { maxEntries: 20_000 } })).resolves.toBeTruthy();
  }, 30_000);

  it('refuses an entry that inflates to more than its header declares', async () => {
    const file = pyZip('liar.zip', ' z.writestr("zeros.bin", bytes(1 << 20))');
    // Declare 1,000 bytes in both the local and the central header: only inflating finds out.
    const bytes = fs.readFileSync(file);
    for (const [sig, at] of [[0x04034b50, 22], [0x02014b50, 24]] as const) {
      const header = bytes.indexOf(Buffer.from(new Uint32Array([sig]).buffer));
      bytes.writeUInt32LE(1000, header + at);
    }
    fs.writeFileSync(file, bytes);
    expect((await listZip(file)).totalUncompressed).toBe(1000);
    await expect(checkZip(file)).rejects.toMatchObject({ code: 'ARCHIVE_TOO_LARGE' });
  }, 30_000);

  it("fails something that is no ZIP with the caller's error code", async () => {
    const file = path.join(dir, 'broken.docx');
    fs.writeFileSync(file, fs.readFileSync(fixture('office/pydocx_tbl-having-tables.docx')).subarray(0, 5000));
    await expect(checkZip(file, { damagedCode: 'OFFICE_DAMAGED' })).rejects.toMatchObject({ code: 'OFFICE_DAMAGED' });
  });
});

describe('readZipEntry', () => {
  it('reads stored and deflated entries, and nothing past its limit', async () => {
    const file = fixture('iwork/libetonyek_pages4-file.pages');
    const listing = await listZip(file);
    const preview = await readZipEntry(file, listing, 'QuickLook/Preview.pdf', 10 << 20);
    expect(preview?.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    expect(await readZipEntry(file, listing, 'QuickLook/Preview.pdf', 100)).toBeNull();
    expect(await readZipEntry(file, listing, 'no/such/entry', 10 << 20)).toBeNull();

    const deflated = pyZip('text.zip', ' z.writestr("a.txt", "hello " * 1000)');
    const text = await readZipEntry(deflated, await listZip(deflated), 'a.txt', 1 << 20);
    expect(text?.toString()).toBe('hello '.repeat(1000));
  });
});

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { sniffKind } from '#shared/file-kinds';
import { fixture } from '../support/fixtures';

const head = (file: string) => fs.readFileSync(file).subarray(0, 4096);
const sniff = (file: string, name = path.basename(file)) => sniffKind(head(file), name);
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-file-kinds-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

describe('sniffKind on office and iWork files', () => {
  it.each(fs.readdirSync(fixture('office')))('knows office/%s by its bytes and extension', (name) => {
    expect(sniff(fixture(`office/${name}`))).toBe(name.split('.').pop());
  });

  it.each(fs.readdirSync(fixture('iwork')))('knows iwork/%s, old ZIP/XML and new IWA formats alike', (name) => {
    expect(sniff(fixture(`iwork/${name}`))).toBe(name.split('.').pop());
  });

  it('takes a password-protected docx, xlsx or pptx, which is an OLE container', () => {
    const ole = Buffer.concat([Buffer.from([0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1]), Buffer.alloc(504)]);
    expect(sniffKind(ole, 'report.docx')).toBe('docx');
    expect(sniffKind(ole, 'budget.xlsx')).toBe('xlsx');
    expect(sniffKind(ole, 'deck.pptx')).toBe('pptx');
    expect(sniffKind(ole, 'notes.odt')).toBeNull();
  });

  it('knows an iWork package bundle that travelled as a zipped folder', () => {
    const zipped = path.join(dir, 'Deck.key.zip');
    execFileSync('python3', ['-c', 'import sys,zipfile\nwith zipfile.ZipFile(sys.argv[1],"w") as z:\n z.writestr("Deck.key/","")\n z.writestr("Deck.key/index.apxl.gz","x")', zipped]);
    expect(sniff(zipped)).toBe('key');
    const plain = path.join(dir, 'photos.zip');
    execFileSync('python3', ['-c', 'import sys,zipfile\nwith zipfile.ZipFile(sys.argv[1],"w") as z: z.writestr("a.jpg","x")', plain]);
    expect(sniff(plain)).toBeNull();
  });

  it('refuses office names on bytes of another kind', () => {
    expect(sniff(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'), 'report.docx')).toBe('pdf');
    expect(sniff(fixture('office/unstructured_fake.doc'), 'slides.odp')).toBeNull();
    expect(sniff(fixture('office/pydocx_tbl-having-tables.docx'), 'notes.txt')).toBeNull();
    expect(sniffKind(new Uint8Array(0), 'empty.docx')).toBeNull();
  });

  it('takes plain text and CSV in UTF-8 or Latin-1', () => {
    expect(sniffKind(Buffer.from('Café;Thé\n', 'latin1'), 'ventes.csv')).toBe('csv');
    expect(sniffKind(Buffer.from('中文 עברית\n\fnext page\n'), 'notes.txt')).toBe('txt');
  });
});

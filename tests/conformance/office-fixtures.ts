import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fixture } from '../support/fixtures';

/**
 * Office inputs no stored fixture provides, made once per test file: password-protected
 * documents of every format and OpenDocument/RTF samples (written by a private LibreOffice, see
 * tests/support/make-office-fixtures.py), plain text and CSV in the encodings users have, and
 * broken, renamed and hostile files. They live in one temp dir, removed when the process exits.
 */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-office-fixtures-'));
process.on('exit', () => fs.rmSync(dir, { recursive: true, force: true }));

export const made = (name: string) => path.join(dir, name);

/** The password LibreOffice protected the documents with (the tools never get it). */
export const FIXTURE_PASSWORD = 'sheaf-secret';
export const CJK_TEXT = '中文测试文档 日本語のテキスト 한국어 텍스트';

execFileSync('/usr/bin/python3', [path.resolve(import.meta.dirname, '../support/make-office-fixtures.py'), dir], { stdio: ['ignore', 'ignore', 'inherit'] });

/** Runs a python3 snippet with the fixtures dir as argv[1] (zipfile is the simplest ZIP writer at hand). */
const python = (code: string, ...args: string[]) => execFileSync('python3', ['-c', code, dir, ...args], { stdio: ['ignore', 'ignore', 'inherit'] });

// Plain text: UTF-8 with long lines, form feeds, CJK and right-to-left lines; and a Latin-1 file.
export const TXT_LONG_LINE = 'This line is much longer than a page is wide, so it has to wrap at the margin; '.repeat(5).trim();
export const TXT_LINES = {
  cjk: '中文段落：这是一个测试。日本語の文章です。한국어 문장입니다.',
  hebrew: 'שלום עולם, זהו טקסט בעברית.',
  arabic: 'مرحبا بالعالم، هذا نص عربي.',
};
fs.writeFileSync(
  made('mixed.txt'),
  [
    'Page one of the plain text sample',
    TXT_LONG_LINE,
    '',
    '    indented by four spaces\tthen a tab',
    TXT_LINES.cjk,
    TXT_LINES.hebrew,
    TXT_LINES.arabic,
    '\fPage two starts after a form feed',
    '\fPage three',
    '',
  ].join('\n'),
);
export const LATIN1_TEXT = 'Café crème brûlée, naïve façade — Größe 1½ €';
/** Windows-1252 bytes of a string (enough of the table for these fixtures). */
const cp1252 = (s: string) => Buffer.from([...s].map((c) => (c === '—' ? 0x97 : c === '€' ? 0x80 : c.charCodeAt(0))));
fs.writeFileSync(made('latin1.txt'), cp1252(`${LATIN1_TEXT}\r\n`));

// CSV: a comma-separated UTF-8 file and a semicolon-separated Latin-1 one (as a French Excel writes it).
fs.writeFileSync(made('teams.csv'), 'Team,City,Cups\n"Canadiens, Les",Montréal,24\nMaple Leafs,Toronto,13\n');
fs.writeFileSync(made('ventes.csv'), cp1252('Produit;Région;Montant\nCafé;Île-de-France;12,50\nThé;Rhône;8,75\n'));

// Damaged, renamed and hostile inputs.
const docx = fixture('office/pydocx_tbl-having-tables.docx');
fs.writeFileSync(made('truncated.docx'), fs.readFileSync(docx).subarray(0, 6000));
fs.writeFileSync(made('truncated.pages'), fs.readFileSync(fixture('iwork/libetonyek_pages5-file.pages')).subarray(0, 20000));
let seed = 4242;
fs.writeFileSync(made('random.docx'), Buffer.from(Array.from({ length: 32 * 1024 }, () => (seed = (seed * 1103515245 + 12345) % 2 ** 31) & 0xff)));
fs.writeFileSync(made('empty.docx'), '');
fs.writeFileSync(made('empty.txt'), '');
fs.copyFileSync(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'), made('really-a-pdf.docx'));
fs.copyFileSync(fixture('pdf/pdf20_Simple-PDF-2.0-file.pdf'), made('really-a-pdf.pages'));
fs.copyFileSync(fixture('images/exif_Landscape_3.jpg'), made('really-a-photo.txt'));
python('import sys,zipfile\nwith zipfile.ZipFile(sys.argv[1]+"/not-office.docx","w") as z: z.writestr("hello.txt","no document in here")');
python('import sys,zipfile\nwith zipfile.ZipFile(sys.argv[1]+"/not-office.xlsx","w") as z: z.writestr("hello.txt","no spreadsheet in here")');
// 64 MB of zeros deflate to about 64 KB: a decompression bomb dressed as a document.
python(
  'import sys,zipfile\nwith zipfile.ZipFile(sys.argv[1]+"/bomb.docx","w",zipfile.ZIP_DEFLATED) as z:\n' +
    ' z.writestr("[Content_Types].xml","<Types/>")\n with z.open("word/document.xml","w") as f:\n  for _ in range(64): f.write(bytes(1<<20))',
);
// An iWork '09 package saved as a folder and zipped: every entry under "Deck.key/".
python(
  'import sys,zipfile\nsrc=zipfile.ZipFile(sys.argv[2])\nwith zipfile.ZipFile(sys.argv[1]+"/Deck.key.zip","w",zipfile.ZIP_DEFLATED) as z:\n' +
    ' z.writestr("Deck.key/","")\n for i in src.infolist(): z.writestr("Deck.key/"+i.filename, src.read(i))',
  fixture('iwork/libetonyek_keynote5-file.key'),
);
// A Pages package as iWork writes it with a password: a verifier entry beside the (here unencrypted) content.
python(
  'import sys,zipfile\nsrc=zipfile.ZipFile(sys.argv[2])\nwith zipfile.ZipFile(sys.argv[1]+"/protected.pages","w") as z:\n' +
    ' z.writestr(".iwpv2", bytes(32))\n for i in src.infolist(): z.writestr(i, src.read(i))',
  fixture('iwork/libetonyek_pages5-file.pages'),
);

import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import sharp from 'sharp';
import { afterAll, expect } from 'vitest';
import type { ToolConformance, ToolRun } from '../harness';
import { embeddedImages, pageSizes } from '../image-checks';
import { pageCount, text } from '../pdf-checks';
import { fixture } from '../../support/fixtures';

const book = (name: string) => fixture(`ebooks/${name}`);

/** Books made for properties no stored fixture has (DRM, bombs), in a temp dir of this module. */
const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'sheaf-ebook-fixtures-'));
afterAll(() => fs.rmSync(dir, { recursive: true, force: true }));

/** Writes a ZIP from [name, content, deflate?] entries with Python's zipfile (mimetype stored first, as EPUB wants). */
function zip(name: string, entries: Array<[string, string | Buffer, boolean?]>): string {
  const target = path.join(dir, name);
  const spec = entries.map(([n, content, deflate]) => ({ n, b64: Buffer.from(content).toString('base64'), d: deflate !== false }));
  execFileSync('python3', [
    '-c',
    `import sys,json,zipfile,base64
z=zipfile.ZipFile(sys.argv[1],'w')
for e in json.loads(sys.stdin.read()): z.writestr(zipfile.ZipInfo(e['n']) if not e['d'] else e['n'], base64.b64decode(e['b64']), zipfile.ZIP_DEFLATED if e['d'] else zipfile.ZIP_STORED)
z.close()`,
    target,
  ], { input: JSON.stringify(spec) });
  return target;
}

/** The entries of the lorem EPUB, to build variants of it. */
function loremEntries(): Array<[string, Buffer, boolean?]> {
  const source = book('epubcheck_lorem_epub2.epub');
  const names = execFileSync('python3', ['-c', 'import sys,zipfile;print("\\n".join(zipfile.ZipFile(sys.argv[1]).namelist()))', source], { encoding: 'utf8' }).trim().split('\n');
  return names.map((n) => [n, execFileSync('python3', ['-c', 'import sys,zipfile;sys.stdout.buffer.write(zipfile.ZipFile(sys.argv[1]).read(sys.argv[2]))', source, n]), n !== 'mimetype']);
}

const encryptionXml = (algorithm: string, uri: string) => `<?xml version="1.0"?>
<encryption xmlns="urn:oasis:names:tc:opendocument:xmlns:container" xmlns:enc="http://www.w3.org/2001/04/xmlenc#">
<enc:EncryptedData><enc:EncryptionMethod Algorithm="${algorithm}"/><enc:CipherData><enc:CipherReference URI="${uri}"/></enc:CipherData></enc:EncryptedData>
</encryption>`;

/** The lorem EPUB with its chapter declared AES-encrypted: what Adobe ADEPT and similar DRM look like. */
const drmEpub = zip('locked.epub', [...loremEntries(), ['META-INF/encryption.xml', encryptionXml('http://www.w3.org/2001/04/xmlenc#aes128-cbc', 'EPUB/lorem.xhtml')]]);
/** The lorem EPUB with an Adobe ADEPT rights file. */
const adeptEpub = zip('adept.epub', [...loremEntries(), ['META-INF/rights.xml', '<adept:rights xmlns:adept="http://ns.adobe.com/adept"/>']]);

/** A Kindle book with DRM: the MOBI header's encryption type (record 0, byte 12) set to 2. */
const drmMobi = (() => {
  const bytes = fs.readFileSync(book('libmobi_sample-cp1252.mobi'));
  bytes.writeUInt16BE(2, bytes.readUInt32BE(78) + 12);
  const target = path.join(dir, 'kindle-drm.mobi');
  fs.writeFileSync(target, bytes);
  return target;
})();

/**
 * Formats no stored fixture has: a Rocket eBook (.rb) that calibre writes from the lorem EPUB (its
 * Qt WebEngine needs --no-sandbox when tests run as root), and a plain Kindle .azw, which is a MOBI file.
 */
const rocketBook = path.join(dir, 'lorem.rb');
execFileSync('ebook-convert', [book('epubcheck_lorem_epub2.epub'), rocketBook], {
  stdio: 'ignore',
  env: { ...process.env, QTWEBENGINE_CHROMIUM_FLAGS: '--no-sandbox' },
});
const kindleAzw = path.join(dir, 'libmobi_sample-cp1252.azw');
fs.copyFileSync(book('libmobi_sample-cp1252.mobi'), kindleAzw);

/** 5 MB of zeros in a few KB: far beyond the unpack ratio any real book or comic has. */
const zeros = Buffer.alloc(5 * 1024 * 1024);
const zipBombComic = zip('bomb.cbz', [['page-1.png', zeros]]);
const zipBombEpub = zip('bomb.epub', [...loremEntries(), ['EPUB/filler.xhtml', zeros]]);
const sevenZipBombComic = (() => {
  const src = path.join(dir, 'bomb-7z');
  fs.mkdirSync(src);
  fs.writeFileSync(path.join(src, 'page-1.png'), zeros);
  const target = path.join(dir, 'bomb.cb7');
  execFileSync('bsdtar', ['-c', '--format', '7zip', '-f', target, '-C', src, 'page-1.png']);
  return target;
})();

/** A CBZ whose pages are named so that only natural order gets them right, each page a different colour. */
const COLOURS: Array<[string, [number, number, number]]> = [
  ['p1.png', [255, 0, 0]],
  ['p2.jpg', [0, 160, 0]],
  ['p10.png', [0, 0, 255]],
];
const orderedComic = zip('ordered.cbz', [
  ...(await Promise.all(
    COLOURS.map(async ([name, [r, g, b]]): Promise<[string, Buffer]> => {
      const picture = sharp({ create: { width: 60, height: 90, channels: 3, background: { r, g, b } } });
      return [`chapter/${name}`, await (name.endsWith('.jpg') ? picture.jpeg() : picture.png()).toBuffer()];
    }),
  )),
  // A real picture, but hidden: not a page.
  ['chapter/.thumbs/p0.png', await sharp({ create: { width: 6, height: 9, channels: 3, background: '#000' } }).png().toBuffer()],
  ['__MACOSX/chapter/._p1.png', Buffer.from('resource fork')],
  ['notes.txt', 'not a page'],
]);

/** Fonts pdffonts reports as not embedded (its 'emb' column, fifth from the right). */
const unembeddedFonts = (pdf: string) =>
  execFileSync('pdffonts', [pdf], { encoding: 'utf8' })
    .trim()
    .split('\n')
    .slice(2)
    .map((line) => line.trim().split(/\s+/))
    .filter((cols) => cols.at(-5) !== 'yes')
    .map((cols) => cols[0]);

/** Text of the only output, whitespace collapsed. */
const textOf = async (run: ToolRun, i = 0) => (await text(run.outputs[i].path)).replace(/\s+/g, ' ');

/** Converts a book and checks a sentence of it is in the PDF. */
const readsAs = (name: string, sentence: string | RegExp, minPages = 1) => ({
  name: `converts ${name}, its text and all`,
  inputs: [book(name)],
  names: [`${name.replace(/\.[^.]+$/, '')}.pdf`],
  async check(run: ToolRun) {
    expect(pageCount(run.outputs[0].path)).toBeGreaterThanOrEqual(minPages);
    const content = await textOf(run);
    if (typeof sentence === 'string') expect(content).toContain(sentence);
    else expect(content).toMatch(sentence);
  },
});

/** A comic book: one page per picture, each page the picture's shape, the picture itself embedded. */
const comic = (name: string, pages: number) => ({
  name: `lays out ${name} one picture per page`,
  inputs: [book(name)],
  pages: [pages],
  async check(run: ToolRun) {
    const images = embeddedImages(run.outputs[0].path);
    expect(images.map((i) => i.page)).toEqual(Array.from({ length: pages }, (_, i) => i + 1));
    const sizes = await pageSizes(run.outputs[0].path);
    sizes.forEach((size, i) => expect(size.width / size.height).toBeCloseTo(images[i].width / images[i].height, 2));
  },
});

const ebooksToPdf: ToolConformance = {
  tool: 'ebooks-to-pdf',
  sample: [book('komga_zip_1page.cbz')],
  pagesOf: () => [1],
  /** Books come out with every font embedded, so they print and display as calibre laid them out. */
  invariant(run) {
    for (const out of run.outputs) expect(unembeddedFonts(out.path)).toEqual([]);
  },
  cases: [
    readsAs('epubcheck_lorem_epub2.epub', 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.'),
    readsAs('epubjs_alice.epub', 'was beginning to get very tired of sitting by her sister on the bank', 30),
    readsAs('idpf_childrens-literature_epub3.epub', 'THE EMPEROR\'S NEW CLOTHES', 50),
    readsAs('komga_incomplete-theft.epub', 'Stealing a new space ship principle from Earth seemed like an easy enough task', 5),
    readsAs('fictionup_example-en.fb2', 'The example of prepared for conversion to FB2 markdown file.'),
    readsAs('libmobi_sample-cp1252.mobi', 'This is a sample for testing libmobi project.'),
    readsAs('libmobi_sample-multimedia.mobi', 'This is a sample for testing libmobi project.'),
    readsAs('libmobi_sample-unicode-huffdic.mobi', 'This is a sample for testing libmobi project.'),
    readsAs('libmobi_sample-obfuscated-fonts.azw3', 'Font obfuscation test'),
    {
      ...readsAs('lorem.rb', 'Lorem ipsum dolor sit amet, consectetur adipiscing elit.'),
      inputs: [rocketBook],
      name: 'converts a Rocket eBook (.rb), its text and all',
    },
    {
      ...readsAs('libmobi_sample-cp1252.azw', 'This is a sample for testing libmobi project.'),
      inputs: [kindleAzw],
      name: 'converts a plain Kindle .azw, its text and all',
    },
    {
      // The file is a PalmDOC book of HTML: read as MOBI (its kind), the markup is laid out, not printed.
      ...readsAs('libmobi_sample-textread.pdb', 'This is a sample for testing libmobi project.'),
      async check(run: ToolRun) {
        const content = await textOf(run);
        expect(content).toContain('This is a sample for testing libmobi project.');
        expect(content).not.toContain('<dc:Title>');
      },
    },
    // calibre's CHM reader misses this file's first page (its table of contents sits in a subfolder);
    // the second page is what calibre finds.
    readsAs('pychm_example.chm', 'Page 2'),
    comic('komga_zip_1page.cbz', 1),
    comic('komga_rar4_3pages.cbr', 3),
    comic('komga_rar5_1page.cbr', 1),
    comic('komga_7zip_1page.cb7', 1),
    {
      name: 'orders comic pages naturally (p2 before p10) and skips hidden files, resource forks and text',
      inputs: [orderedComic],
      pages: [3],
      async check(run) {
        for (const [i, [, colour]] of COLOURS.entries()) {
          const out = path.join(run.workDir, `page-${i + 1}`);
          execFileSync('pdftoppm', ['-r', '10', '-f', String(i + 1), '-l', String(i + 1), '-png', '-singlefile', run.outputs[0].path, out]);
          const { channels } = await sharp(`${out}.png`).stats();
          channels.slice(0, 3).forEach((c, k) => expect(Math.abs(c.mean - colour[k])).toBeLessThan(30));
        }
      },
    },
    {
      name: 'refuses a comic none of whose pictures decodes',
      inputs: [book('comictagger_fake_cbr.cbr')],
      error: 'EBOOK_DAMAGED',
    },
    {
      name: 'makes one PDF per book, several books in one task, names kept apart',
      inputs: [book('epubcheck_lorem_epub2.epub'), book('komga_rar4_3pages.cbr'), book('epubcheck_lorem_epub2.epub')],
      names: ['epubcheck_lorem_epub2.pdf', 'komga_rar4_3pages.pdf', 'epubcheck_lorem_epub2-2.pdf'],
      async check(run) {
        expect(pageCount(run.outputs[1].path)).toBe(3);
        expect(await textOf(run, 2)).toContain('Lorem ipsum dolor sit amet');
      },
    },
    {
      name: 'prints on A4 by default and on Letter when asked',
      inputs: [book('epubcheck_lorem_epub2.epub')],
      async check(run) {
        const [size] = await pageSizes(run.outputs[0].path);
        expect([Math.round(size.width), Math.round(size.height)]).toEqual([595, 842]);
      },
    },
    {
      name: 'prints on Letter paper with page numbers when asked',
      inputs: [book('epubcheck_lorem_epub2.epub')],
      options: { pagesize: 'letter', pagenumbers: 'true' },
      async check(run) {
        const [size] = await pageSizes(run.outputs[0].path);
        expect([Math.round(size.width), Math.round(size.height)]).toEqual([612, 792]);
        const pages = pageCount(run.outputs[0].path);
        expect((await text(run.outputs[0].path, pages, pages)).trim()).toMatch(new RegExp(`\\b${pages}$`));
      },
    },
    { name: 'refuses an EPUB whose chapters are encrypted (DRM)', inputs: [drmEpub], error: 'EBOOK_DRM' },
    { name: 'refuses an EPUB with Adobe ADEPT rights', inputs: [adeptEpub], error: 'EBOOK_DRM' },
    { name: 'refuses a Kindle book whose MOBI header says it is encrypted', inputs: [drmMobi], error: 'EBOOK_DRM' },
    { name: 'refuses a comic that unpacks to a thousand times its size (ZIP)', inputs: [zipBombComic], error: 'ARCHIVE_TOO_LARGE' },
    { name: 'refuses a comic that unpacks to a thousand times its size (7z)', inputs: [sevenZipBombComic], error: 'ARCHIVE_TOO_LARGE' },
    { name: 'refuses an EPUB that unpacks to a thousand times its size', inputs: [zipBombEpub], error: 'ARCHIVE_TOO_LARGE' },
    { name: 'refuses a PDF handed to it as a book', inputs: [fixture('pdf/pdfjs_tracemonkey.pdf')], error: 'UNSUPPORTED_TYPE' },
  ],
};

export default ebooksToPdf;

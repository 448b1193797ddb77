/**
 * Every file kind Sheaf takes, in one table: the names it goes by, how its first bytes are told
 * apart, its MIME type and what the drop zone calls it. The sniffer, the file picker's `accept`
 * and the pre-upload check all read this table.
 */

/** What a tool asks the user to pick, named in the drop zone ("Select Word document"). */
export type FileGroup = 'pdf' | 'scan' | 'image' | 'gif' | 'word' | 'excel' | 'ppt' | 'text' | 'iwork' | 'ebook' | 'cad';

/**
 * How `sniffKind` recognises a kind whose bytes do not name it alone, once the family's own
 * signature is seen: by the file's extension among the kinds of that family.
 * - `zip`: a ZIP archive (OOXML, OpenDocument, EPUB, CBZ, iWork);
 * - `ole`: an OLE compound file (old Office, and the encrypted package of a password-protected OOXML file);
 * - `zipped-bundle`: an iWork package folder travelling zipped ("Report.pages.zip");
 * - `mobi`: a PalmDOC database (MOBI and Kindle books);
 * - `text`: plain text with no signature at all.
 * Kinds without a family have a signature of their own (see `sniffKind`).
 */
export type SniffFamily = 'zip' | 'ole' | 'zipped-bundle' | 'mobi' | 'text';

export interface FileKindSpec {
  /** File name extensions, without the dot. */
  extensions: readonly string[];
  group: Exclude<FileGroup, 'scan'>;
  mime?: string;
  families?: readonly SniffFamily[];
}

const KINDS = {
  pdf: { extensions: ['pdf'], group: 'pdf', mime: 'application/pdf' },
  png: { extensions: ['png'], group: 'image', mime: 'image/png' },
  jpg: { extensions: ['jpg', 'jpeg'], group: 'image', mime: 'image/jpeg' },
  gif: { extensions: ['gif'], group: 'gif', mime: 'image/gif' },
  bmp: { extensions: ['bmp'], group: 'image', mime: 'image/bmp' },
  tiff: { extensions: ['tif', 'tiff'], group: 'image', mime: 'image/tiff' },
  webp: { extensions: ['webp'], group: 'image', mime: 'image/webp' },
  heic: { extensions: ['heic', 'heif'], group: 'image' },
  docx: { extensions: ['docx'], group: 'word', families: ['zip', 'ole'] },
  xlsx: { extensions: ['xlsx'], group: 'excel', families: ['zip', 'ole'] },
  pptx: { extensions: ['pptx'], group: 'ppt', families: ['zip', 'ole'] },
  odt: { extensions: ['odt'], group: 'word', families: ['zip'] },
  ods: { extensions: ['ods'], group: 'excel', families: ['zip'] },
  odp: { extensions: ['odp'], group: 'ppt', families: ['zip'] },
  doc: { extensions: ['doc'], group: 'word', families: ['ole'] },
  xls: { extensions: ['xls'], group: 'excel', families: ['ole'] },
  ppt: { extensions: ['ppt'], group: 'ppt', families: ['ole'] },
  rtf: { extensions: ['rtf'], group: 'word', mime: 'application/rtf' },
  csv: { extensions: ['csv'], group: 'excel', mime: 'text/csv', families: ['text'] },
  txt: { extensions: ['txt', 'text'], group: 'text', mime: 'text/plain', families: ['text'] },
  epub: { extensions: ['epub'], group: 'ebook', mime: 'application/epub+zip', families: ['zip'] },
  mobi: { extensions: ['mobi', 'prc', 'pdb'], group: 'ebook', families: ['mobi'] },
  azw: { extensions: ['azw'], group: 'ebook', families: ['mobi'] },
  azw3: { extensions: ['azw3'], group: 'ebook', families: ['mobi'] },
  fb2: { extensions: ['fb2'], group: 'ebook', families: ['text'] },
  cbz: { extensions: ['cbz'], group: 'ebook', families: ['zip'] },
  cbr: { extensions: ['cbr'], group: 'ebook' },
  cb7: { extensions: ['cb7'], group: 'ebook' },
  chm: { extensions: ['chm'], group: 'ebook' },
  rb: { extensions: ['rb'], group: 'ebook' },
  pages: { extensions: ['pages'], group: 'iwork', families: ['zip', 'zipped-bundle'] },
  numbers: { extensions: ['numbers'], group: 'iwork', families: ['zip', 'zipped-bundle'] },
  key: { extensions: ['key'], group: 'iwork', families: ['zip', 'zipped-bundle'] },
  dwg: { extensions: ['dwg'], group: 'cad' },
  dxf: { extensions: ['dxf'], group: 'cad', families: ['text'] },
} as const satisfies Record<string, FileKindSpec>;

/** What a file is, decided by its first bytes (and, for containers, its name) — never by the name alone. */
export type FileKind = keyof typeof KINDS;
export const FILE_KINDS = Object.keys(KINDS) as FileKind[];

export const FILE_KIND_SPECS: Readonly<Record<FileKind, FileKindSpec>> = KINDS;

/** The kinds of a sniff family (e.g. every ZIP-based kind). */
export const kindsOf = (family: SniffFamily): FileKind[] => FILE_KINDS.filter((kind) => FILE_KIND_SPECS[kind].families?.includes(family));

/** The kinds of a sniff family by extension: `kindsByExtension('mobi').get('prc')` is 'mobi'. */
const kindsByExtension = (family: SniffFamily): ReadonlyMap<string, FileKind> =>
  new Map(kindsOf(family).flatMap((kind) => FILE_KIND_SPECS[kind].extensions.map((extension) => [extension, kind] as const)));

const ZIP_KINDS = kindsByExtension('zip');
const OLE_KINDS = kindsByExtension('ole');
const BUNDLE_KINDS = kindsByExtension('zipped-bundle');
const MOBI_KINDS = kindsByExtension('mobi');
const TEXT_KINDS = kindsByExtension('text');
/** "Report.pages/…": the first entry of a zipped iWork package folder. */
const BUNDLE_ENTRY = new RegExp(`^[^/]+\\.(${[...BUNDLE_KINDS.keys()].join('|')})/`, 'i');

const ext = (name: string) => name.toLowerCase().split('.').pop() ?? '';

const startsWith = (buf: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => buf[at + i] === b);
const ascii = (buf: Uint8Array, from: number, to: number) =>
  Array.from(buf.subarray(from, Math.min(to, buf.length)), (c) => String.fromCharCode(c)).join('');

/**
 * An iWork document saved as a folder (a package bundle, as iWork '09 could) only travels zipped:
 * "Report.pages.zip" whose first entry sits under "Report.pages/". The first local header holds
 * that name at byte 30.
 */
function zippedBundleKind(head: Uint8Array): FileKind | null {
  if (head.length < 30) return null;
  const nameLength = head[26] | (head[27] << 8);
  const first = ascii(head, 30, 30 + nameLength);
  const m = BUNDLE_ENTRY.exec(first);
  return m ? (BUNDLE_KINDS.get(m[1].toLowerCase()) ?? null) : null;
}

function looksLikeText(head: Uint8Array): boolean {
  if (head.length === 0) return false;
  let bad = 0;
  for (const c of head) if (c === 0 || (c < 9) || (c > 13 && c < 32 && c !== 27)) bad++;
  return bad / head.length < 0.01;
}

/**
 * Sniffs the kind of a file from its first bytes (at least 4 KB when available).
 * Returns null for anything we do not accept, e.g. an executable renamed to .pdf.
 */
export function sniffKind(head: Uint8Array, name: string): FileKind | null {
  const e = ext(name);
  // %PDF- may be preceded by junk in real files; readers accept it within the first 1 KB.
  if (ascii(head, 0, 1024).includes('%PDF-')) return 'pdf';
  if (startsWith(head, [0x89, 0x50, 0x4e, 0x47])) return 'png';
  if (startsWith(head, [0xff, 0xd8, 0xff])) return 'jpg';
  if (ascii(head, 0, 6) === 'GIF87a' || ascii(head, 0, 6) === 'GIF89a') return 'gif';
  if (ascii(head, 0, 2) === 'BM' && head.length > 14) return 'bmp';
  if (startsWith(head, [0x49, 0x49, 0x2a, 0x00]) || startsWith(head, [0x4d, 0x4d, 0x00, 0x2a])) return 'tiff';
  if (ascii(head, 0, 4) === 'RIFF' && ascii(head, 8, 12) === 'WEBP') return 'webp';
  if (ascii(head, 4, 8) === 'ftyp' && /heic|heix|mif1|heif/.test(ascii(head, 8, 12))) return 'heic';
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return ZIP_KINDS.get(e) ?? (e === 'zip' ? zippedBundleKind(head) : null);
  // A password-protected docx/xlsx/pptx is an OLE container around the encrypted package.
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OLE_KINDS.get(e) ?? null;
  if (ascii(head, 0, 5) === '{\\rtf') return 'rtf';
  if (ascii(head, 0, 4) === 'Rar!') return 'cbr';
  // 7z is accepted only as a comic book (CB7).
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return e === 'cb7' ? 'cb7' : null;
  if (ascii(head, 0, 4) === 'ITSF') return 'chm';
  if (ascii(head, 0, 4) === 'AC10') return 'dwg';
  if (ascii(head, 60, 68) === 'BOOKMOBI' || ascii(head, 60, 68) === 'TEXtREAd') return MOBI_KINDS.get(e) ?? 'mobi';
  if (startsWith(head, [0xb0, 0x0c, 0xb0, 0x0c]) || ascii(head, 60, 64) === 'RBDS') return 'rb';
  // An iWork name on bytes that are no ZIP is no iWork document, whatever else they look like.
  if (BUNDLE_KINDS.has(e)) return null;
  if (looksLikeText(head)) {
    const kind = TEXT_KINDS.get(e) ?? (e === '' ? 'txt' : null);
    // FictionBook and DXF say what they are at the top; plain text renamed to them is refused.
    if (kind === 'fb2' && !ascii(head, 0, head.length).includes('<FictionBook')) return null;
    if (kind === 'dxf' && !/^\s*(0\s+SECTION|999)\s/.test(ascii(head, 0, 256))) return null;
    return kind;
  }
  return null;
}

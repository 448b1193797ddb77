/** What a file is, decided by its first bytes (and, for containers, its name) — never by the name alone. */
export const FILE_KINDS = [
  'pdf', 'png', 'jpg', 'gif', 'bmp', 'tiff', 'webp', 'heic',
  'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'doc', 'xls', 'ppt', 'rtf', 'csv', 'txt',
  'epub', 'mobi', 'azw', 'azw3', 'fb2', 'cbz', 'cbr', 'cb7', 'chm', 'rb',
  'pages', 'numbers', 'key', 'dwg', 'dxf',
] as const;
export type FileKind = (typeof FILE_KINDS)[number];

const ext = (name: string) => name.toLowerCase().split('.').pop() ?? '';

const startsWith = (buf: Uint8Array, sig: number[], at = 0) => sig.every((b, i) => buf[at + i] === b);
const ascii = (buf: Uint8Array, from: number, to: number) =>
  Array.from(buf.subarray(from, Math.min(to, buf.length)), (c) => String.fromCharCode(c)).join('');

/** Kinds that are ZIP containers, told apart by extension once the ZIP signature is seen. */
const ZIP_KINDS: Partial<Record<string, FileKind>> = {
  docx: 'docx', xlsx: 'xlsx', pptx: 'pptx', odt: 'odt', ods: 'ods', odp: 'odp', epub: 'epub', cbz: 'cbz',
  pages: 'pages', numbers: 'numbers', key: 'key',
};
const OLE_KINDS: Partial<Record<string, FileKind>> = { doc: 'doc', xls: 'xls', ppt: 'ppt' };
const ENCRYPTED_OOXML_KINDS: Partial<Record<string, FileKind>> = { docx: 'docx', xlsx: 'xlsx', pptx: 'pptx' };
const BUNDLE_KINDS: Partial<Record<string, FileKind>> = { pages: 'pages', numbers: 'numbers', key: 'key' };

/**
 * An iWork document saved as a folder (a package bundle, as iWork '09 could) only travels zipped:
 * "Report.pages.zip" whose first entry sits under "Report.pages/". The first local header holds
 * that name at byte 30.
 */
function zippedBundleKind(head: Uint8Array): FileKind | null {
  if (head.length < 30) return null;
  const nameLength = head[26] | (head[27] << 8);
  const first = ascii(head, 30, 30 + nameLength);
  const m = /^[^/]+\.(pages|numbers|key)\//i.exec(first);
  return m ? (BUNDLE_KINDS[m[1].toLowerCase()] ?? null) : null;
}
const TEXT_KINDS: Partial<Record<string, FileKind>> = { txt: 'txt', csv: 'csv', fb2: 'fb2', dxf: 'dxf', text: 'txt' };
const MOBI_KINDS: Partial<Record<string, FileKind>> = { mobi: 'mobi', azw: 'azw', azw3: 'azw3', prc: 'mobi', pdb: 'mobi' };

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
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return ZIP_KINDS[e] ?? (e === 'zip' ? zippedBundleKind(head) : null);
  // A password-protected docx/xlsx/pptx is an OLE container around the encrypted package.
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OLE_KINDS[e] ?? ENCRYPTED_OOXML_KINDS[e] ?? null;
  if (ascii(head, 0, 5) === '{\\rtf') return 'rtf';
  if (ascii(head, 0, 4) === 'Rar!') return 'cbr';
  // 7z is accepted only as a comic book (CB7).
  if (startsWith(head, [0x37, 0x7a, 0xbc, 0xaf, 0x27, 0x1c])) return e === 'cb7' ? 'cb7' : null;
  if (ascii(head, 0, 4) === 'ITSF') return 'chm';
  if (ascii(head, 0, 4) === 'AC10') return 'dwg';
  if (ascii(head, 60, 68) === 'BOOKMOBI' || ascii(head, 60, 68) === 'TEXtREAd') return MOBI_KINDS[e] ?? 'mobi';
  if (startsWith(head, [0xb0, 0x0c, 0xb0, 0x0c]) || ascii(head, 60, 64) === 'RBDS') return 'rb';
  if (e === 'numbers' || e === 'pages' || e === 'key') return null;
  if (looksLikeText(head)) {
    const kind = TEXT_KINDS[e] ?? (e === '' ? 'txt' : null);
    // FictionBook and DXF say what they are at the top; plain text renamed to them is refused.
    if (kind === 'fb2' && !ascii(head, 0, head.length).includes('<FictionBook')) return null;
    if (kind === 'dxf' && !/^\s*(0\s+SECTION|999)\s/.test(ascii(head, 0, 256))) return null;
    return kind;
  }
  return null;
}

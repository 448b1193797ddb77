/** What a file is, decided by its first bytes (and, for containers, its name) — never by the name alone. */
export const FILE_KINDS = [
  'pdf', 'png', 'jpg', 'gif', 'bmp', 'tiff', 'webp', 'heic',
  'docx', 'xlsx', 'pptx', 'odt', 'ods', 'odp', 'doc', 'xls', 'ppt', 'rtf', 'csv', 'txt',
  'epub', 'mobi', 'azw', 'azw3', 'fb2', 'cbz', 'cbr', 'chm', 'rb',
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
  if (startsWith(head, [0x50, 0x4b, 0x03, 0x04])) return ZIP_KINDS[e] ?? null;
  if (startsWith(head, [0xd0, 0xcf, 0x11, 0xe0, 0xa1, 0xb1, 0x1a, 0xe1])) return OLE_KINDS[e] ?? null;
  if (ascii(head, 0, 5) === '{\\rtf') return 'rtf';
  if (ascii(head, 0, 4) === 'Rar!') return 'cbr';
  if (ascii(head, 0, 4) === 'ITSF') return 'chm';
  if (ascii(head, 0, 4) === 'AC10') return 'dwg';
  if (ascii(head, 60, 68) === 'BOOKMOBI' || ascii(head, 60, 68) === 'TEXtREAd') return MOBI_KINDS[e] ?? 'mobi';
  if (startsWith(head, [0xb0, 0x0c, 0xb0, 0x0c]) || ascii(head, 60, 64) === 'RBDS') return 'rb';
  if (e === 'numbers' || e === 'pages' || e === 'key') return null;
  if (looksLikeText(head)) return TEXT_KINDS[e] ?? (e === '' ? 'txt' : null);
  return null;
}

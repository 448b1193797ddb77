import type { FileKind } from '#shared/file-kinds';

/** File name extensions of each kind, for the picker and the pre-upload check. */
const EXTENSIONS: Record<FileKind, readonly string[]> = {
  pdf: ['pdf'], png: ['png'], jpg: ['jpg', 'jpeg'], gif: ['gif'], bmp: ['bmp'], tiff: ['tif', 'tiff'], webp: ['webp'],
  heic: ['heic', 'heif'], docx: ['docx'], xlsx: ['xlsx'], pptx: ['pptx'], odt: ['odt'], ods: ['ods'], odp: ['odp'],
  doc: ['doc'], xls: ['xls'], ppt: ['ppt'], rtf: ['rtf'], csv: ['csv'], txt: ['txt', 'text'], epub: ['epub'],
  mobi: ['mobi', 'prc', 'pdb'], azw: ['azw'], azw3: ['azw3'], fb2: ['fb2'], cbz: ['cbz'], cbr: ['cbr'], cb7: ['cb7'], chm: ['chm'], rb: ['rb'],
  pages: ['pages'], numbers: ['numbers'], key: ['key'], dwg: ['dwg'], dxf: ['dxf'],
};

const MIME: Partial<Record<FileKind, string>> = {
  pdf: 'application/pdf', png: 'image/png', jpg: 'image/jpeg', gif: 'image/gif', bmp: 'image/bmp', tiff: 'image/tiff',
  webp: 'image/webp', txt: 'text/plain', csv: 'text/csv', rtf: 'application/rtf', epub: 'application/epub+zip',
};

/** The `accept` attribute of a file input for these kinds. */
export function acceptAttribute(kinds: readonly FileKind[]): string {
  const exts = kinds.flatMap((k) => EXTENSIONS[k].map((e) => `.${e}`));
  const mimes = kinds.flatMap((k) => (MIME[k] ? [MIME[k]] : []));
  return [...exts, ...mimes].join(',');
}

/**
 * A cheap check before uploading: the extension or the browser's MIME type must match.
 * The server decides from the file's first bytes anyway.
 */
export function looksAccepted(file: Pick<File, 'name' | 'type'>, kinds: readonly FileKind[]): boolean {
  const ext = file.name.includes('.') ? file.name.toLowerCase().split('.').pop()! : '';
  return kinds.some((k) => EXTENSIONS[k].includes(ext) || (file.type !== '' && MIME[k] === file.type));
}

/** What a tool asks the user to pick, named in the drop zone ("Select Word document"). */
export type FileGroup = 'pdf' | 'scan' | 'image' | 'gif' | 'word' | 'excel' | 'ppt' | 'text' | 'iwork' | 'ebook' | 'cad';

const GROUP_OF_KIND: Partial<Record<FileKind, FileGroup>> = {
  pdf: 'pdf', jpg: 'image', png: 'image', bmp: 'image', tiff: 'image', webp: 'image', heic: 'image', gif: 'gif',
  doc: 'word', docx: 'word', odt: 'word', rtf: 'word', xls: 'excel', xlsx: 'excel', ods: 'excel', csv: 'excel',
  ppt: 'ppt', pptx: 'ppt', odp: 'ppt', txt: 'text', pages: 'iwork', numbers: 'iwork', key: 'iwork',
  epub: 'ebook', mobi: 'ebook', azw: 'ebook', azw3: 'ebook', fb2: 'ebook', cbz: 'ebook', cbr: 'ebook', cb7: 'ebook', chm: 'ebook', rb: 'ebook',
  dwg: 'cad', dxf: 'cad',
};

/**
 * The group a tool's accepted kinds belong to: the first kind's, except that images among other
 * pictures are "images" (JPG to PDF takes GIFs too) and a PDF or an image is a "scan" (OCR).
 */
export function fileGroup(kinds: readonly FileKind[]): FileGroup {
  const groups = new Set(kinds.map((k) => GROUP_OF_KIND[k] ?? 'pdf'));
  if (groups.has('pdf') && groups.size > 1) return 'scan';
  if (groups.has('image')) return 'image';
  return groups.values().next().value ?? 'pdf';
}

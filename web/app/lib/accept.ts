import type { FileKind } from '../../../shared/src/file-kinds';

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

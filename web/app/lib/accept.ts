import { FILE_KIND_SPECS, type FileGroup, type FileKind } from '#shared/file-kinds';

export type { FileGroup };

/** The `accept` attribute of a file input for these kinds: their extensions, then their MIME types. */
export function acceptAttribute(kinds: readonly FileKind[]): string {
  const exts = kinds.flatMap((k) => FILE_KIND_SPECS[k].extensions.map((e) => `.${e}`));
  const mimes = kinds.flatMap((k) => FILE_KIND_SPECS[k].mime ?? []);
  return [...exts, ...mimes].join(',');
}

/**
 * A cheap check before uploading: the extension or the browser's MIME type must match.
 * The server decides from the file's first bytes anyway.
 */
export function looksAccepted(file: Pick<File, 'name' | 'type'>, kinds: readonly FileKind[]): boolean {
  const ext = file.name.includes('.') ? file.name.toLowerCase().split('.').pop()! : '';
  return kinds.some((k) => FILE_KIND_SPECS[k].extensions.includes(ext) || (file.type !== '' && FILE_KIND_SPECS[k].mime === file.type));
}

/**
 * The group a tool's accepted kinds belong to: the first kind's, except that images among other
 * pictures are "images" (JPG to PDF takes GIFs too) and a PDF or an image is a "scan" (OCR).
 */
export function fileGroup(kinds: readonly FileKind[]): FileGroup {
  const groups = new Set<FileGroup>(kinds.map((k) => FILE_KIND_SPECS[k].group));
  if (groups.has('pdf') && groups.size > 1) return 'scan';
  if (groups.has('image')) return 'image';
  return groups.values().next().value ?? 'pdf';
}

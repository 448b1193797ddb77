import type { TFunction } from 'i18next';
import type { FileItem } from '../tool-flow/flow-state';
import type { GridCell } from './page-grid';

/**
 * The pages of one file as grid cells, turned by `rotateAt(index)`. Cells are plain data, so a
 * parent can memoize them and let unchanged pages skip rendering.
 */
export function fileCells(file: FileItem, count: number, t: TFunction, rotateAt: (index: number) => number = () => 0): GridCell[] {
  return Array.from({ length: count }, (_, i) => {
    const rotate = rotateAt(i);
    return {
      key: `${file.uid}:${i + 1}`,
      token: file.fileNameToken,
      page: i + 1,
      label: String(i + 1),
      name: pageName(t, { page: i + 1, rotate }),
      rotate,
    };
  });
}

/** What a screen reader says for a page: "File B, page 3, turned 90° to the right, left out". */
export function pageName(t: TFunction, p: { letter?: string; page: number; rotate: number; removed?: boolean }): string {
  return [
    p.letter ? t('grid.filePage', { letter: p.letter, page: p.page }) : t('grid.page', { page: p.page }),
    p.rotate ? t(`grid.turn.${p.rotate}`) : '',
    p.removed ? t('grid.leftOut') : '',
  ]
    .filter(Boolean)
    .join(', ');
}

/** Why a file's pages cannot be used yet, as a copy key; null once they can. */
export function pagesHint(file: FileItem | undefined): string | null {
  if (!file) return null;
  if (file.locked) return 'errors.PDF_ENCRYPTED';
  if (file.pages === undefined) return file.previewFailed ? 'grid.unreadable' : 'grid.reading';
  return null;
}

/** A selection kept with the file it was made on, so it never applies to another file. */
export interface FileSelection {
  uid?: string;
  selected: ReadonlySet<number>;
}

const NONE: ReadonlySet<number> = new Set();

export const selectionOn = (value: FileSelection, file: FileItem | undefined): ReadonlySet<number> =>
  file && value.uid === file.uid ? value.selected : NONE;

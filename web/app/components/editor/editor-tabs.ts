/**
 * The files open in the editor, one tab each: every tab keeps its own document with its undo
 * history, and its own zoom. Pure (no DOM, no React) so the tab rules are unit tested.
 */
import type { FlowMessage } from '~/lib/api-client';
import { historyReducer, initialHistory, type DocAction, type History } from './document-model';

/** The spec: "edit mode allows at most 10 files per upload". */
export const EDITOR_MAX_FILES = 10;
export const MIN_ZOOM = 0.25;
export const MAX_ZOOM = 4;

export interface EditorTab {
  id: string;
  file: File;
  /** Object URL of `file`, which pdf.js opens; revoked when the tab closes. */
  url: string;
  /** The upload's token once the bytes are on the server. */
  token?: string;
  error?: FlowMessage;
  history: History;
  zoom: number;
  /** The user chose the zoom: the pages stop following the workspace's width. */
  zoomed: boolean;
}

export type TabAction =
  | { type: 'open'; tabs: EditorTab[] }
  | { type: 'close'; id: string }
  | { type: 'uploaded'; id: string; token: string }
  | { type: 'uploadFailed'; id: string; error: FlowMessage }
  | { type: 'doc'; id: string; action: DocAction }
  /** `by` multiplies the zoom the user chose; `fit` sets the zoom that fits the width, unless the user chose one. */
  | { type: 'zoom'; id: string; by: number }
  | { type: 'fit'; id: string; zoom: number }
  | { type: 'reset' };

export const newTab = (id: string, file: File, url: string): EditorTab => ({ id, file, url, history: initialHistory, zoom: 1, zoomed: false });

const clampZoom = (z: number) => Math.min(MAX_ZOOM, Math.max(MIN_ZOOM, z));

export function tabsReducer(tabs: EditorTab[], action: TabAction): EditorTab[] {
  const change = (id: string, next: (tab: EditorTab) => EditorTab) => tabs.map((tab) => (tab.id === id ? next(tab) : tab));
  switch (action.type) {
    case 'open':
      return [...tabs, ...action.tabs].slice(0, EDITOR_MAX_FILES);
    case 'close':
      return tabs.filter((tab) => tab.id !== action.id);
    case 'uploaded':
      return change(action.id, (tab) => ({ ...tab, token: action.token }));
    case 'uploadFailed':
      return change(action.id, (tab) => ({ ...tab, error: action.error }));
    case 'doc':
      return change(action.id, (tab) => {
        const history = historyReducer(tab.history, action.action);
        return history === tab.history ? tab : { ...tab, history };
      });
    case 'zoom':
      return change(action.id, (tab) => ({ ...tab, zoom: clampZoom(tab.zoom * action.by), zoomed: true }));
    case 'fit':
      return change(action.id, (tab) => (tab.zoomed || tab.zoom === action.zoom ? tab : { ...tab, zoom: clampZoom(action.zoom) }));
    case 'reset':
      return [];
  }
}

/** Objects placed and page operations asked: what Apply would send for the tab. */
export const editCount = (tab: EditorTab) => tab.history.present.objects.length + tab.history.present.pageOps.length;

/**
 * The files that can open beside the tabs already there: the rest are named in the refusal.
 * Files that are not PDFs (a drop skips the picker's filter) or too large are refused whole; the
 * count cuts the list at the limit.
 */
export function admit(
  files: readonly File[],
  open: number,
  { maxBytes, isPdf }: { maxBytes: number; isPdf: (file: File) => boolean },
): { accepted: File[]; refused?: 'UNSUPPORTED_TYPE' | 'FILE_TOO_LARGE'; leftOut: string[] } {
  const accepted: File[] = [];
  const leftOut: string[] = [];
  let refused: 'UNSUPPORTED_TYPE' | 'FILE_TOO_LARGE' | undefined;
  for (const file of files) {
    if (!isPdf(file)) refused = 'UNSUPPORTED_TYPE';
    else if (file.size > maxBytes) refused = 'FILE_TOO_LARGE';
    else if (open + accepted.length >= EDITOR_MAX_FILES) leftOut.push(file.name);
    else accepted.push(file);
  }
  return { accepted, refused, leftOut };
}

/** The tab the arrow keys, Home and End move to in the tab list (wrapping around). */
export function tabAfterKey(ids: readonly string[], current: string, key: string): string | undefined {
  const at = ids.indexOf(current);
  if (at < 0 || ids.length === 0) return undefined;
  if (key === 'ArrowRight') return ids[(at + 1) % ids.length];
  if (key === 'ArrowLeft') return ids[(at - 1 + ids.length) % ids.length];
  if (key === 'Home') return ids[0];
  if (key === 'End') return ids.at(-1);
  return undefined;
}

import type { RedactLeftReason } from './tools/redact-kinds';
import type { SignatureCheck } from './signature-check';
import type { SanitizeKind } from './tools/sanitize-kinds';

/** Envelope codes of the tool calls (upload, transfer, transferProgress). */
export const TOOL_CODE = { done: 1000, running: 500 } as const;

export type TaskStatus = 'Doing' | 'Done' | 'Failed';

/** Notices a successful task may carry, translated in the browser under `notices.<code>`. */
export type TaskNotice =
  | 'ALREADY_OPTIMAL'
  | 'NOT_ENCRYPTED'
  | 'IWORK_PREVIEW'
  | 'AES256_FOR_PASSWORD'
  | 'PAGES_CUT'
  /** OCR kept scans that already had a text layer: the page offers to read them again. */
  | 'OCR_KEPT_SCANS'
  /** OCR kept pages whose text is drawn (not scanned): it is exact already. */
  | 'OCR_KEPT_TEXT'
  /** The editor rewrote lines in a shipped font, not the document's own. */
  | 'FONT_SUBSTITUTED'
  /** A rewritten line was longer than the old one: set tighter or smaller to keep within its width. */
  | 'LINE_FITTED'
  /** Both of the above. */
  | 'FONT_SUBSTITUTED_LINE_FITTED'
  /** Split by size: a page alone is larger than the limit, so its part is too. */
  | 'PART_OVER_LIMIT'
  /** Repair: the file was sound; it comes back rewritten, unchanged in content. */
  | 'NOTHING_TO_REPAIR'
  /** Repair: the structure was rebuilt and every page found reads ({{found}}). */
  | 'REPAIRED'
  /** Repair: the structure was rebuilt, but some pages found could not be read whole ({{recovered}} of {{found}}). */
  | 'REPAIRED_SOME_PAGES'
  /** A booklet: how to print it so that the folded sheets read in order. */
  | 'BOOKLET_PRINTING'
  /** PDF/A-1b: the output passed Apache PDFBox Preflight. */
  | 'PDFA_VALIDATED'
  /** PDF/A-2b or 3b: the output passed the checks Sheaf runs itself (no full validator for those parts). */
  | 'PDFA_BASICS_CHECKED'
  /** Compare: the two documents have the same words and, where compared, the same pictures. */
  | 'NO_DIFFERENCES';

/** What a task found and did beside its outputs, for the result page to show: Sanitize PDF's counts per kind, Redact PDF's areas, Check signatures' findings. */
export type TaskReport = SanitizeReport | RedactReport | SignatureCheck;

/** Sanitize PDF: what the file held and what was removed, kind by kind. */
export type SanitizeReport = { tool: 'sanitize-pdf'; found: Record<SanitizeKind, number>; removed: Record<SanitizeKind, number> };

/** Redact PDF: how many areas were redacted on how many pages, and the pages it could not redact in place (never silently). */
export type RedactReport = {
  tool: 'redact-pdf';
  /** Text matches of the terms and patterns, and boxes drawn, together. */
  areas: number;
  pages: number;
  /** Annotations, fields and bookmarks removed or cleaned, and metadata entries cleaned, because they carried a redacted phrase. */
  cleaned: number;
  /** 1-based pages where something under a box could not be removed without turning the page into a picture, and why. */
  left: Array<{ page: number; reason: RedactLeftReason }>;
};

/** Numbers a notice's copy shows ("11 of 12 pages recovered"), by the names its copy uses. */
export type NoticeParams = Record<string, number>;

/** `POST /api/miaohui/file/upload` and `/unLoginUpload` (multipart field `file`, optional `toolType`). */
export interface UploadAnswer {
  code: 1000;
  token: string;
  data: { token: string; name: string; size: number; kind: string };
}

/** Result fields of a task, shared by transfer and transferProgress answers. */
export interface TaskResult {
  status: TaskStatus;
  progress: number;
  filesize?: number;
  fileurl?: string;
  pdfurl?: string;
  pdfurls?: string[];
  imageurls?: string[];
  /** Zip of every output when there are several. */
  zipurl?: string;
  /** The download names of the outputs, in order ("report-1-3.pdf"), for buttons that say what each file is. */
  names?: string[];
  notice?: TaskNotice;
  report?: TaskReport;
  /** The figures the notice's copy names, e.g. { recovered: 11, found: 12 } for a repair. */
  noticeParams?: NoticeParams;
  /** User-safe reason when Failed, and its code (e.g. WRONG_PASSWORD lets the page ask again). */
  message?: string;
  errorCode?: string;
}

/** Answer of transfer / transferProgress: code 500 while Doing or when Failed, 1000 when Done. */
export interface TaskAnswer {
  code: 1000 | 500;
  id: string;
  token?: string;
  message?: string;
  result: TaskResult;
  /** base64 of the URL-encoded JSON of `result`, as the spec describes. */
  resultString: string;
}

/** Every other JSON answer. */
export interface Envelope<T = unknown> {
  code: number;
  message?: string;
  data?: T;
}

export function encodeResultString(result: TaskResult): string {
  const json = encodeURIComponent(JSON.stringify(result));
  return typeof Buffer !== 'undefined' ? Buffer.from(json, 'utf8').toString('base64') : btoa(json);
}

export function decodeResultString(s: string): TaskResult {
  const json = typeof Buffer !== 'undefined' ? Buffer.from(s, 'base64').toString('utf8') : atob(s);
  return JSON.parse(decodeURIComponent(json)) as TaskResult;
}

/**
 * A download of a result on this site (`/api/miaohui/file/download/{token}` or `/zip/{ids}`): what a
 * login link may carry back to the page, so the file that asked for the login is ready after it.
 */
export const RESULT_PATH = /^\/api\/miaohui\/file\/(download|zip)\/[A-Za-z0-9_,-]{1,400}$/;

export const API_PATHS = {
  upload: '/api/miaohui/file/upload',
  unLoginUpload: '/api/miaohui/file/unLoginUpload',
  transfer: '/api/miaohui/file/transfer',
  unLoginTransfer: '/api/miaohui/file/unLoginTransfer',
  transferProgress: '/api/miaohui/file/transferProgress',
  /** GET `${download}/{fileToken}` — one result (or input) file. */
  download: '/api/miaohui/file/download',
  /** GET `${zip}/{taskId}` — every output of a task as one zip; `{id1},{id2}` zips several tasks (batch). */
  zip: '/api/miaohui/file/zip',
  /** GET `${thumb}/{fileToken}/{page}` — JPEG thumbnail (about 200 px wide) of a 1-based page, rendered on demand. */
  thumb: '/api/miaohui/file/thumb',
  /** POST `{ form }` — a form page's shipped blank as the requester's upload (answered like an upload). */
  openForm: '/api/forms/open',
  health: '/api/health',
  /** GET the signed-in user's API keys; POST `{ name }` creates one (answered once with the key); DELETE `${apiKeys}/{id}` revokes one. */
  apiKeys: '/api/user/apiKeys',
  /** GET the OpenAPI document as JSON; `${docs}/view` is the same document as a readable page. */
  docs: '/api/docs',
} as const;

/** Keys one account may hold (revoked ones do not count). */
export const API_KEYS_PER_USER = 20;

/** An API key as its owner's list shows it: never the key itself, only its first characters. */
export interface ApiKeyView {
  id: string;
  name: string;
  /** The key's first characters, e.g. `sheaf_AbC12x`. */
  prefix: string;
  createdAt: string;
  lastUsedAt: string | null;
}

/** The answer to creating a key: the key and its webhook secret, shown this once and never again. */
export interface CreatedApiKey {
  apiKey: ApiKeyView;
  key: string;
  webhookSecret: string;
}

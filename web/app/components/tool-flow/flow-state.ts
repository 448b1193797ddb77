import type { TaskResult } from '#shared/api';
import type { FlowMessage } from '~/lib/api-client';

export type { FlowMessage };

/**
 * The spec's file item statuses (ready, uploadFail, convert, convertFaild, success), preceded by
 * `uploading` while the bytes are on their way.
 */
export type FileStatus = 'uploading' | 'ready' | 'uploadFail' | 'convert' | 'convertFaild' | 'success';

export interface FileItem {
  uid: string;
  name: string;
  size: number;
  raw: File;
  /** Object URL of `raw`, used for the preview and revoked when the item goes away. */
  objectURL: string;
  status: FileStatus;
  /** Upload progress, then, in a batch, the file's own task progress; 0..1. */
  progress: number;
  /** The upload token the API returned. */
  fileNameToken?: string;
  /** First-page preview as a JPEG data URL, about 300 px wide. */
  cover?: string;
  pages?: number;
  previewFailed?: boolean;
  /** pdf.js could not open the file without its password. */
  locked?: boolean;
  /** Why the upload, or in a batch the file's task, failed. */
  error?: FlowMessage;
  /** In a batch: the file's own task and its result. */
  taskId?: string;
  result?: TaskResult;
}

export type TaskState =
  | { phase: 'select' }
  /** `busySeconds`: the server is busy and the page asks again in that many seconds (0: asking now). */
  | { phase: 'processing'; progress: number; busySeconds?: number }
  | { phase: 'done'; result: TaskResult }
  | { phase: 'failed'; error: FlowMessage }
  /** One task per file, each file carrying its own status, progress and result. */
  | { phase: 'batch' };

export interface FlowState {
  files: FileItem[];
  task: TaskState;
  /** A rejection of the last files the user picked (too large, wrong type, too many). */
  notice?: FlowMessage;
  /** A failure the user answers by changing the options, such as a wrong password. */
  optionsError?: FlowMessage;
}

export type FlowAction =
  | { type: 'add'; items: FileItem[]; notice?: FlowMessage }
  | { type: 'reject'; notice: FlowMessage }
  | { type: 'uploadProgress'; uid: string; progress: number }
  | { type: 'uploaded'; uid: string; token: string }
  | { type: 'uploadFailed'; uid: string; error: FlowMessage }
  | { type: 'uploadRetry'; uid: string }
  | { type: 'preview'; uid: string; cover?: string; pages?: number; locked?: boolean }
  | { type: 'remove'; uid: string }
  | { type: 'move'; uid: string; to: number }
  | { type: 'start' }
  | { type: 'progress'; progress: number }
  | { type: 'busy'; seconds: number }
  | { type: 'done'; result: TaskResult }
  | { type: 'fail'; error: FlowMessage }
  /** Back to the options with the files still uploaded, to try again (a wrong password). */
  | { type: 'recover'; error: FlowMessage }
  | { type: 'clearOptionsError' }
  | { type: 'batchStart' }
  | { type: 'fileProgress'; uid: string; progress: number }
  | { type: 'fileDone'; uid: string; taskId: string; result: TaskResult }
  | { type: 'fileFail'; uid: string; error: FlowMessage; taskId?: string }
  | { type: 'fileRetry'; uid: string }
  | { type: 'reset' };

export const initialFlow: FlowState = { files: [], task: { phase: 'select' } };

const update = (files: FileItem[], uid: string, patch: Partial<FileItem>) =>
  files.map((f) => (f.uid === uid ? { ...f, ...patch } : f));

const setStatus = (files: FileItem[], from: FileStatus[], to: FileStatus) =>
  files.map((f) => (from.includes(f.status) ? { ...f, status: to } : f));

export function flowReducer(state: FlowState, action: FlowAction): FlowState {
  switch (action.type) {
    case 'add':
      return { ...state, files: [...state.files, ...action.items], notice: action.notice };
    case 'reject':
      return { ...state, notice: action.notice };
    case 'uploadProgress':
      return { ...state, files: update(state.files, action.uid, { progress: action.progress }) };
    case 'uploaded':
      // The spec: upload success sets ready with progress 0.
      return { ...state, files: update(state.files, action.uid, { status: 'ready', progress: 0, fileNameToken: action.token }) };
    case 'uploadFailed':
      return { ...state, files: update(state.files, action.uid, { status: 'uploadFail', error: action.error }) };
    case 'uploadRetry':
      return { ...state, files: update(state.files, action.uid, { status: 'uploading', progress: 0, error: undefined }) };
    case 'preview':
      return {
        ...state,
        files: update(state.files, action.uid, { cover: action.cover, pages: action.pages, locked: action.locked, previewFailed: !action.cover }),
      };
    case 'remove':
      return { ...state, files: state.files.filter((f) => f.uid !== action.uid), notice: undefined };
    case 'move': {
      const from = state.files.findIndex((f) => f.uid === action.uid);
      const to = Math.max(0, Math.min(state.files.length - 1, action.to));
      if (from < 0 || from === to) return state;
      const files = [...state.files];
      const [item] = files.splice(from, 1);
      files.splice(to, 0, item);
      return { ...state, files };
    }
    case 'start':
      return {
        ...state,
        notice: undefined,
        optionsError: undefined,
        files: setStatus(state.files, ['ready', 'convertFaild'], 'convert'),
        task: { phase: 'processing', progress: 0 },
      };
    case 'progress':
      return state.task.phase === 'processing' ? { ...state, task: { phase: 'processing', progress: action.progress } } : state;
    case 'busy':
      return state.task.phase === 'processing' ? { ...state, task: { ...state.task, busySeconds: action.seconds } } : state;
    case 'done':
      return { ...state, files: setStatus(state.files, ['convert'], 'success'), task: { phase: 'done', result: action.result } };
    case 'fail':
      return { ...state, files: setStatus(state.files, ['convert'], 'convertFaild'), task: { phase: 'failed', error: action.error } };
    case 'recover':
      return { ...state, files: setStatus(state.files, ['convert'], 'ready'), task: { phase: 'select' }, optionsError: action.error };
    case 'clearOptionsError':
      return state.optionsError ? { ...state, optionsError: undefined } : state;
    case 'batchStart':
      return {
        ...state,
        notice: undefined,
        optionsError: undefined,
        files: state.files.map((f) => (f.status === 'ready' ? { ...f, status: 'convert', progress: 0 } : f)),
        task: { phase: 'batch' },
      };
    case 'fileProgress':
      return { ...state, files: update(state.files, action.uid, { progress: action.progress }) };
    case 'fileDone':
      return { ...state, files: update(state.files, action.uid, { status: 'success', progress: 1, taskId: action.taskId, result: action.result }) };
    case 'fileFail':
      return { ...state, files: update(state.files, action.uid, { status: 'convertFaild', taskId: action.taskId, error: action.error }) };
    case 'fileRetry':
      return { ...state, files: update(state.files, action.uid, { status: 'convert', progress: 0, error: undefined, taskId: undefined }) };
    case 'reset':
      return initialFlow;
  }
}

/** A batch whose every file has finished, well or not. */
export const batchSettled = (files: readonly FileItem[]) => files.every((f) => f.status === 'success' || f.status === 'convertFaild');

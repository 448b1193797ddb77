import type { ComponentType, MouseEvent } from 'react';
import type { TaskNotice, TaskResult } from '#shared/api';
import type { ErrorCode } from '#shared/errors';
import type { Lang } from '#shared/i18n';
import type { TransferRequest } from '~/lib/api-client';
import type { FileItem, FlowMessage } from './flow-state';

/** A tool's own fields of the conversion request. */
export type RequestFields = TransferRequest;

/**
 * Request fields of a tool's options, or why they cannot be sent yet: `hint` is a copy key shown
 * under the action button, null when the panel itself already says why; `error` is what the panel
 * shows when the user presses the action anyway (a form with nothing to upload, such as a URL).
 */
export type OptionsOutcome = { ok: true; fields: RequestFields } | { ok: false; hint?: string | null; error?: FlowMessage };

export interface OptionsPanelProps<S> {
  value: S;
  onChange: (next: S) => void;
  /** The chosen files in upload order, with their page counts once pdf.js has read them. */
  files: readonly FileItem[];
  /** A failure the user answers here, such as a wrong password. */
  error?: FlowMessage;
}

/** What a tool with options plugs into the generic flow. */
export interface ToolOptions<S> {
  initial: S;
  /** The starting choices when they depend on the page's language (OCR reads French on /fr). */
  initialFor?: (lang: Lang) => S;
  toRequest: (value: S, files: readonly FileItem[]) => OptionsOutcome;
  /** Beside the files: the settings and the action. */
  Panel: ComponentType<OptionsPanelProps<S>>;
  /** In place of the file list: the pages, to pick, turn or arrange them. */
  Pages?: ComponentType<OptionsPanelProps<S>>;
  /** The choices belong to one document, so several files are not run as a batch. */
  oneDocument?: boolean;
  /** Works on files that need a password to open (every other tool refuses them up front). */
  takesLocked?: boolean;
  /** Failures that send the user back to the options instead of the failure screen. */
  recoverable?: readonly ErrorCode[];
  /** Several files, each converted on its own: their order does not matter, so they are not reordered. */
  unordered?: boolean;
  /** Copy key of the action button when the choices change what it does (PDF/A converts or checks); the tool's own otherwise. */
  action?: (value: S) => string | undefined;
  /** Copy key of a line under the progress bar of long work (OCR reads page after page). */
  progressNote?: string;
  /** What a result's notice offers to do: run the task again with the choices `apply` makes (OCR reads kept scans again). */
  noticeActions?: Partial<Record<TaskNotice, NoticeAction<S>>>;
  /** In place of the generic result panel: what the tool's outputs show (compare's list of changes). */
  Result?: ComponentType<ResultProps>;
}

/** What a tool's own result panel receives: the finished task, the files it ran on, the flow's download and restart. */
export interface ResultProps {
  result: TaskResult;
  files: readonly FileItem[];
  onDownload: (event: MouseEvent<HTMLAnchorElement>) => void;
  onStartOver: () => void;
}

export interface NoticeAction<S> {
  /** Copy key of the button. */
  label: string;
  apply: (value: S) => S;
}

export const defineOptions = <S,>(options: ToolOptions<S>) => options;

/** The options a flow starts with, in the page's language. */
export const initialOptions = <S,>(def: ToolOptions<S>, lang: Lang): S => def.initialFor?.(lang) ?? def.initial;

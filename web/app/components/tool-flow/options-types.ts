import type { ComponentType } from 'react';
import type { ErrorCode } from '../../../../shared/src/errors';
import type { FileItem, FlowMessage } from './flow-state';

/**
 * Request fields of a tool's options, or why they cannot be sent yet: `hint` is a copy key shown
 * under the action button, null when the panel itself already says why.
 */
export type OptionsOutcome = { ok: true; fields: Record<string, string | number> } | { ok: false; hint?: string | null };

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
}

export const defineOptions = <S,>(options: ToolOptions<S>) => options;

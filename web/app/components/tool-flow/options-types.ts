import type { ComponentType } from 'react';

/** Request fields of a tool's options, or the reason they cannot be sent yet. */
export type OptionsOutcome = { ok: true; fields: Record<string, string | number> } | { ok: false };

export interface OptionsPanelProps<S> {
  value: S;
  onChange: (next: S) => void;
  /** Page count of the uploaded document, when the preview found it. */
  pages?: number;
  disabled?: boolean;
}

/** What a tool with options plugs into the generic flow. */
export interface ToolOptions<S> {
  initial: S;
  toRequest: (value: S, pages?: number) => OptionsOutcome;
  Panel: ComponentType<OptionsPanelProps<S>>;
}

export const defineOptions = <S,>(options: ToolOptions<S>) => options;

import type { z } from 'zod';
import type { NoticeParams, TaskNotice, TaskReport } from '#shared/api';
import type { ProcessorConfig } from '#shared/env';
import type { FileKind } from '#shared/file-kinds';
import type { Tool } from '#shared/tools';

export interface InputFile {
  /** Absolute path of a private copy the processor may read (never modify the store's file). */
  path: string;
  /** The name the user uploaded it under. */
  name: string;
  kind: FileKind;
}

export interface OutputFile {
  /** Absolute path inside the context's workDir. */
  path: string;
  /** The download name shown to the user. */
  name: string;
}

export interface ProcessorContext<Options> {
  inputs: InputFile[];
  /** The tool's options, already parsed by its zod schema. */
  options: Options;
  /** A fresh temp dir owned by this task; removed after the outputs are stored. */
  workDir: string;
  /** The worker's settings (HTML limits, the SSRF allowlist), parsed once at its boot. */
  config: ProcessorConfig;
  /** Aborted when the task times out or the worker shuts down. */
  signal: AbortSignal;
  /** Reports progress between 0 and 1. */
  progress(fraction: number): Promise<void>;
}

export interface ProcessorResult {
  outputs: OutputFile[];
  notice?: TaskNotice;
  report?: TaskReport;
  /** The figures the notice's copy names. */
  noticeParams?: NoticeParams;
}

/** Turns inputs into outputs; throws AppError with a user-safe message on bad input. */
export type Processor<Options> = (ctx: ProcessorContext<Options>) => Promise<ProcessorResult>;

/** The options a tool's processor receives: what the tool's own schema makes of the request. */
export type ToolOptions<T extends Tool> = z.output<T['options']>;

/** A tool's processor, bound to the tool whose options it reads (see `defineProcessor`). */
export interface ToolProcessor<T extends Tool = Tool> {
  readonly tool: T;
  readonly run: Processor<ToolOptions<T>>;
}

/**
 * The default export of `worker/src/processors/<tool id>.ts`: its options are typed by the tool's
 * schema, so a processor cannot read another tool's options. The worker finds it by the tool's id.
 */
export function defineProcessor<T extends Tool>(tool: T, run: Processor<ToolOptions<T>>): ToolProcessor<T> {
  return { tool, run };
}

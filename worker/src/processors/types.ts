import type { TaskNotice } from '#shared/api';
import type { FileKind } from '#shared/file-kinds';

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
  /** Aborted when the task times out or the worker shuts down. */
  signal: AbortSignal;
  /** Reports progress between 0 and 1. */
  progress(fraction: number): Promise<void>;
}

export interface ProcessorResult {
  outputs: OutputFile[];
  notice?: TaskNotice;
}

/** Turns inputs into outputs; throws AppError with a user-safe message on bad input. */
export type Processor<Options = any> = (ctx: ProcessorContext<Options>) => Promise<ProcessorResult>;

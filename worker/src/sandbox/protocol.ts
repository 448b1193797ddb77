import type { NoticeParams, TaskNotice, TaskReport } from '#shared/api';
import type { ProcessorConfig } from '#shared/env';
import type { ErrorCode } from '#shared/errors';
import type { InputFile, OutputFile } from '../contract/processor';
import type { HostMetric } from '../engines/host-metrics';

/**
 * The name the index host knows the document reader by (see ai-index-host.ts); declared here, not
 * beside the reader, so the worker names it without loading the reader's engines.
 */
export const READ_DOCUMENT = 'ai-read-document';

/** What the worker asks a task host to run: one processor call. */
export interface HostJob {
  tool: string;
  inputs: InputFile[];
  options: unknown;
  workDir: string;
  /** The worker's settings for processors, parsed once at its boot. */
  config: ProcessorConfig;
}

/** How a processor failed, as the host saw it. */
export interface HostFailure {
  /** Set for an AppError (a known, user-safe failure). */
  code?: ErrorCode;
  message: string;
  detail?: string;
  /** A passing fault (an engine that could not start, a full disk): worth another attempt. */
  transient: boolean;
}

export type ToHost = { type: 'run'; job: HostJob };

export type FromHost =
  | { type: 'ready' }
  | { type: 'progress'; fraction: number }
  | { type: 'metric'; metric: HostMetric }
  | { type: 'done'; outputs: OutputFile[]; notice?: TaskNotice; report?: TaskReport; noticeParams?: NoticeParams }
  | { type: 'failed'; failure: HostFailure };

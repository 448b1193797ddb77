import type { Job } from './plan';

/** An output a task made, not yet in its folder: `save` writes it at `dest` (a temp name the caller renames). */
export interface ProducedOutput {
  name: string;
  save(dest: string): Promise<void>;
}

export interface Produced {
  outputs: ProducedOutput[];
  /** Removes what the task left behind (its work dir), once the outputs are saved. */
  dispose(): Promise<void>;
}

export interface RunContext {
  signal: AbortSignal;
  /** The task's progress between 0 and 1. */
  progress(fraction: number): void;
}

/** Where tasks run: this process (--local) or a Sheaf server. */
export interface Runner {
  run(job: Job, ctx: RunContext): Promise<Produced>;
  /** Stops what the runs kept warm, so the process can exit. */
  close(): Promise<void>;
}

/** A task that failed for its own reasons: the row says FAILED with this (catalogue) message and the run goes on. */
export class TaskFailure extends Error {
  constructor(
    message: string,
    readonly code?: string,
    /** What went wrong underneath a TASK_FAILED, when the task ran here (a server keeps it to its log). */
    readonly detail?: string,
  ) {
    super(message);
  }
}

import os from 'node:os';

/** Engine processes one task may run at once (a worker runs several tasks too). */
export const ENGINE_PARALLELISM = Math.max(1, Math.min(4, os.availableParallelism()));

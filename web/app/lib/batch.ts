import { API_PATHS } from '#shared/api';

/** Files one batch may hold: the zip of several tasks takes at most 30 task ids. */
export const BATCH_MAX_FILES = 30;
/** Tasks of a batch running at the same time; the others wait their turn. */
export const BATCH_CONCURRENCY = 3;

/** Every output of these tasks as one zip. */
export const batchZipUrl = (taskIds: readonly string[]) => `${API_PATHS.zip}/${taskIds.map(encodeURIComponent).join(',')}`;

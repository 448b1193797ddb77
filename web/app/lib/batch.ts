import { API_PATHS } from '#shared/api';

/** Tasks of a batch running at the same time; the others wait their turn. */
export const BATCH_CONCURRENCY = 3;

/** Every output of these tasks as one zip. */
export const batchZipUrl = (taskIds: readonly string[]) => `${API_PATHS.zip}/${taskIds.map(encodeURIComponent).join(',')}`;

/** Client poll cadence and give-up rule of the spec. */
export const POLL_INTERVAL_MS = 2000;
export const POLL_GIVE_UP_MS = 60_000;
/** First-page preview: about 300 px wide, JPEG quality 0.85. */
export const PREVIEW_WIDTH = 300;
export const PREVIEW_QUALITY = 0.85;
export const DEFAULT_MAX_UPLOAD_MB = 100;
/** AI_MAX_PAGES unless the operator sets it: the pages an AI document may have. */
export const DEFAULT_AI_MAX_PAGES = 2000;
export const DEFAULT_RETENTION_MINUTES = 60;
/** DATA_DIR unless the operator sets it; here, not in env.ts, so the supervisor can read it without zod. */
export const DEFAULT_DATA_DIR = '.data';
/** Files one batch may hold; the zip of a batch's outputs takes at most as many task ids. */
export const BATCH_MAX_FILES = 30;

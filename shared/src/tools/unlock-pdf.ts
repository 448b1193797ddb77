import { z } from 'zod';
import { defineTool } from './define';

/** Longest password the API takes; older files may carry longer ones than Sheaf sets. */
export const UNLOCK_PASSWORD_MAX = 128;

export default defineTool({
  id: 'unlock-pdf',
  category: 'security',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** The user or owner password; files that open without one need none. */
    password: z.string().max(UNLOCK_PASSWORD_MAX).default(''),
  }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});

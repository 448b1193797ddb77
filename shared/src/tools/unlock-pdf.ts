import { z } from 'zod';
import { defineTool } from './define';

export default defineTool({
  id: 'unlock-pdf',
  category: 'security',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** The user or owner password; files that open without one need none. */
    password: z.string().max(128).default(''),
  }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // qpdf rewrites 10,000 pages in a few seconds; the worker counts them before it starts.
  maxPages: 10_000,
  lane: 'quick',
});

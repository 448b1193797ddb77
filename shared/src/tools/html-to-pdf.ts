import { z } from 'zod';
import { defineTool } from './define';
import { flagField } from './fields';

export const PAGE_FORMATS = ['A4', 'Letter'] as const;
export const PAGE_MARGINS = ['none', 'small', 'normal'] as const;
export const MAX_URL_LENGTH = 2048;

/** The spec asks for a full URL with http or https: "example.com" or "ftp://…" are not enough. */
function isFullHttpUrl(value: string): boolean {
  if (!/^https?:\/\//i.test(value)) return false;
  try {
    const url = new URL(value);
    return (url.protocol === 'http:' || url.protocol === 'https:') && url.hostname !== '';
  } catch {
    return false;
  }
}

/**
 * A web page, by its URL, rendered to PDF by Chromium. There is no upload: the request carries
 * `url` and no token. Whether the address may be fetched at all (no internal or cloud-metadata
 * addresses) is decided by the worker's SSRF guard, on every request the page makes.
 */
export default defineTool({
  id: 'html-to-pdf',
  category: 'convertTo',
  accepts: [],
  minFiles: 0,
  maxFiles: 0,
  options: z.object({
    url: z
      .string({ error: (issue) => (issue.input === undefined || issue.input === null ? 'URL_EMPTY' : 'URL_INVALID') })
      .trim()
      .min(1, 'URL_EMPTY')
      .max(MAX_URL_LENGTH, 'URL_INVALID')
      .refine(isFullHttpUrl, 'URL_INVALID'),
    format: z.enum(PAGE_FORMATS).default('A4'),
    margin: z.enum(PAGE_MARGINS).default('small'),
    /** Print background colours and images. */
    background: flagField.default(true),
  }),
  engines: ['chromium'],
  output: 'file',
  built: true,
  timeoutSeconds: 90,
});

import { z } from 'zod';
import { defineTool } from './define';
import { flagField } from './fields';

/** Paper sizes Chromium knows by name, and `fit`: paper as wide as the page's layout, nothing shrunk. */
export const PAGE_FORMATS = ['A4', 'Letter', 'Legal', 'A3', 'fit'] as const;
export const PAGE_MARGINS = ['none', 'small', 'normal'] as const;
/** The browser windows a page is laid out in, in CSS pixels: a common phone, tablet and desktop. */
export const VIEWPORTS = {
  phone: { width: 390, height: 844 },
  tablet: { width: 820, height: 1180 },
  desktop: { width: 1280, height: 900 },
} as const;
export const VIEWPORT_NAMES = ['desktop', 'tablet', 'phone'] as const satisfies ReadonlyArray<keyof typeof VIEWPORTS>;
/** Which of the page's style sheets apply: as on screen, or the page's own print styles. */
export const PAGE_MEDIA = ['screen', 'print'] as const;
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
 * addresses, a name that resolves) is checked when the request arrives (`fetches`) and again by
 * the worker's SSRF guard, on every request the page makes.
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
      .refine(isFullHttpUrl, 'URL_INVALID')
      .describe('The page to convert: a full http:// or https:// address that the server may reach'),
    viewport: z
      .enum(VIEWPORT_NAMES)
      .default('desktop')
      .describe('The browser window the page is laid out in: phone 390 px, tablet 820 px, desktop 1280 px wide'),
    format: z.enum(PAGE_FORMATS).default('A4').describe('Paper size; fit: as wide as the page on screen, nothing shrunk, each page one window tall'),
    margin: z.enum(PAGE_MARGINS).default('small').describe('none, small (10 mm) or normal (20 mm)'),
    media: z.enum(PAGE_MEDIA).default('screen').describe("screen: the page as it looks in a browser; print: the page's own print styles"),
    onePage: flagField.default(false).describe('One single page as tall as the content (up to 5 m) instead of several'),
    background: flagField.default(true).describe('Print background colours and images'),
  }),
  fetches: (options) => options.url,
  engines: ['chromium'],
  output: 'file',
  built: true,
  timeoutSeconds: 90,
});

import { z } from 'zod';
import { defineTool } from './define';
import { flagField } from './fields';

/**
 * eBooks to PDF: each book becomes its own PDF. Books go through calibre's `ebook-convert`;
 * comic books (CBZ, CBR, CB7) are unpacked with libarchive's bsdtar and laid out one picture per
 * page. DRM-protected books are refused with EBOOK_DRM, archives that would unpack to far more
 * than they weigh with ARCHIVE_TOO_LARGE.
 *
 * Files per task: the spec says "9 or 20", so it is the operator's choice (EBOOK_MAX_FILES, 9 by
 * default); the API and the tool page read the same setting through maxFilesOf.
 */
export default defineTool({
  id: 'ebooks-to-pdf',
  category: 'convertTo',
  accepts: ['epub', 'azw', 'azw3', 'cbr', 'cbz', 'cb7', 'chm', 'fb2', 'mobi', 'rb'],
  minFiles: 1,
  maxFiles: 20,
  maxFilesSetting: 'EBOOK_MAX_FILES',
  options: z.object({
    /** Paper of the PDF pages (comic pages take each picture's own shape). */
    pagesize: z.enum(['a4', 'letter']).default('a4'),
    /** Page numbers at the foot of each page. */
    pagenumbers: flagField.default(false),
  }),
  engines: ['ebook-convert', 'bsdtar'],
  output: 'pdfs',
  built: true,
  /** calibre gets 150 s per book, two books at a time: 20 books at their limit take 1500 s. */
  timeoutSeconds: 1600,
});

import { z } from 'zod';
import { defineTool } from './define';
import { flagField } from './fields';

export { SANITIZE_KINDS, type SanitizeKind } from './sanitize-kinds';

export default defineTool({
  id: 'sanitize-pdf',
  category: 'security',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: z.object({
    /** Scripts and actions: OpenAction, triggers (AA), document scripts, script actions of links, fields and bookmarks. */
    javascript: flagField.default(true),
    /** Embedded files (the EmbeddedFiles name tree, associated files) and file attachment annotations. */
    attachments: flagField.default(true),
    /** Actions that reach outside the document (URI, Launch, GoToR, GoToE, SubmitForm, ImportData); links inside it stay. */
    links: flagField.default(true),
    /** Optional content that is off: what it draws leaves the pages, then the layer itself goes. */
    layers: flagField.default(true),
    /** The Info dictionary, every XMP packet and applications' private data (PieceInfo). */
    metadata: flagField.default(true),
    /** Markup annotations (notes, highlights, stamps, drawings…) and their popups. */
    comments: flagField.default(true),
    /** The values of form fields; the empty fields stay. */
    formdata: flagField.default(true),
  }),
  engines: ['qpdf'],
  output: 'file',
  built: true,
  // Every object is read as qpdf JSON and pages with hidden layers are parsed: 300 to 500 pages took about 27 s on
  // the bench's busy 2-core machine (bench/sanitize.ts), so 2,000 stay well within the 300 s task limit.
  maxPages: 2_000,
});

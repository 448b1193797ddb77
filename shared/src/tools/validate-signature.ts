import { defineTool, noOptions } from './define';

/**
 * Check signatures: each signature of a PDF with its signer, its time, whether the document was
 * changed after it, whether the signed bytes still match, and whether the operator's roots trust
 * its certificate. The report (`SignatureCheck` in shared/src/signature-check.ts) is the task's
 * report and its one output, as JSON; the file itself is never rewritten.
 */
export default defineTool({
  id: 'validate-signature',
  category: 'security',
  accepts: ['pdf'],
  minFiles: 1,
  maxFiles: 1,
  options: noOptions,
  // qpdf makes sure the file opens; pdfsig reads its signatures.
  engines: ['qpdf', 'pdfsig'],
  output: 'file',
  built: true,
  // pdfsig reads the signatures, not the pages; the limit only bounds what a task may load.
  maxPages: 10_000,
});

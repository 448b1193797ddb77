import { z } from 'zod';

/**
 * The spec's conversion request, as sent to `POST /api/miaohui/file/transfer` and `/unLoginTransfer`.
 * These are the fields every tool may receive; a tool's own options (see its definition) are
 * validated on top. Any other field is refused with 'Illegal input'. It lives apart from the rest of
 * the contract (api.ts) because the browser imports that and has no use for zod.
 */
export const ZConversionRequestBase = z.object({
  toolType: z.string().min(1).max(64),
  token: z.string().max(64).optional(),
  /** File tokens joined by ';' for multi-file tools, in the order the user chose. */
  urls: z.string().max(64 * 40).optional(),
  file: z.unknown().optional(),
  type: z.unknown().optional(),
  downloadId: z.string().max(64).optional(),
  modelType: z.unknown().optional(),
  clientId: z.string().max(128).optional(),
  fileName: z.string().max(512).optional(),
  size: z.unknown().optional(),
  origFileName: z.string().max(512).optional(),
  ocr: z.unknown().optional(),
  pdffilename: z.string().max(512).optional(),
  imagepdfocroption: z.unknown().optional(),
  table: z.unknown().optional(),
  /** API keys only: where Sheaf POSTs the transferProgress answer, signed with the key's webhook secret, when the task ends. */
  webhookUrl: z.string().max(2048).optional(),
});

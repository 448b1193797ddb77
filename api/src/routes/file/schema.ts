import { z } from 'zod';

// Strict like the conversion request: an unknown field is a client bug, answered 400 Illegal input.
export const ZProgressRequest = z.strictObject({
  id: z.string().min(1).max(64),
  // The spec's poll also carries these; they are accepted and not needed.
  token: z.string().max(128).optional(),
  file: z.unknown().optional(),
  userToken: z.string().max(256).optional(),
});

export const ZUploadFields = z.object({ toolType: z.string().max(64).optional() });

export const ZTokenParam = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/);

export const ZPageParam = z.string().regex(/^\d{1,5}$/).transform(Number).pipe(z.number().int().min(1));

export const ZHistoryRequest = z.strictObject({
  pageNum: z.coerce.number().int().min(1).default(1),
  pageSize: z.coerce.number().int().min(1).max(100).default(20),
  // The spec's post-login query also sends these; they do not change the answer.
  fileIds: z.unknown().optional(),
  token: z.string().max(256).optional(),
});

export const ZDeleteTasks = z.strictObject({ ids: z.array(z.string().max(64)).min(1).max(100) });

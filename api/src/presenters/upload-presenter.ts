import { TOOL_CODE, type UploadAnswer } from '#shared/api';

/** The upload answer of DESIGN.md, for every route that hands the requester a stored file of their own. */
export function presentUpload(file: { token: string; name: string; size: bigint | number; kind: string }): UploadAnswer {
  return { code: TOOL_CODE.done, token: file.token, data: { token: file.token, name: file.name, size: Number(file.size), kind: file.kind } };
}

import { z } from 'zod';
import { API_PATHS } from '#shared/api';
import { ZConversionRequestBase } from '#shared/conversion-request';
import { TOOLS } from '#shared/tools';
import { ZProgressRequest } from './routes/file/schema';

const json = (schema: z.ZodType) => ({ 'application/json': { schema: z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' }) } });

/** The OpenAPI document, generated from the same zod schemas the routes validate with. */
export function openApiDocument() {
  const toolOptions = Object.fromEntries(
    TOOLS.filter((t) => t.built).map((t) => [t.id, z.toJSONSchema(t.options, { io: 'input', unrepresentable: 'any' })]),
  );
  const upload = {
    requestBody: { content: { 'multipart/form-data': { schema: { type: 'object', properties: { file: { type: 'string', format: 'binary' }, toolType: { type: 'string' } }, required: ['file'] } } } },
    responses: {
      200: { description: '{ code: 1000, token, data: { token, name, size, kind } }' },
      400: { description: 'FILE_EMPTY: a 0-byte file' },
      413: { description: 'Your File is Too Large' },
      415: { description: 'The file type is not supported' },
    },
  };
  const transfer = {
    description: 'The conversion request: common fields plus the options of the tool named by toolType (see x-tool-options).',
    requestBody: { content: json(ZConversionRequestBase) },
    responses: { 200: { description: '{ code: 500, id, result: { status: "Doing", progress: 0 }, resultString }' }, 400: { description: 'Illegal input' } },
  };
  return {
    openapi: '3.1.0',
    info: { title: 'Sheaf API', version: '0.0.3' },
    'x-tool-options': toolOptions,
    paths: {
      [API_PATHS.health]: { get: { responses: { 200: { description: 'db and redis ok, engines found by workers' }, 503: { description: 'db or redis down' } } } },
      [API_PATHS.upload]: { post: { ...upload, description: 'Signed-in upload' } },
      [API_PATHS.unLoginUpload]: { post: { ...upload, description: 'Visitor upload' } },
      [API_PATHS.transfer]: { post: transfer },
      [API_PATHS.unLoginTransfer]: { post: transfer },
      [API_PATHS.transferProgress]: {
        post: { requestBody: { content: json(ZProgressRequest) }, responses: { 200: { description: 'code 500 Doing/Failed or code 1000 Done with fileurl / pdfurls / imageurls, zipurl' } } },
      },
      [`${API_PATHS.download}/{token}`]: { get: { responses: { 200: { description: 'the file' }, 404: { description: 'not yours or unknown' }, 410: { description: 'expired' } } } },
      [`${API_PATHS.zip}/{taskIds}`]: { get: { description: 'one task id, or several joined by commas (a batch)', responses: { 200: { description: 'every output as one zip' } } } },
      [`${API_PATHS.thumb}/{token}/{page}`]: {
        get: {
          description: "JPEG thumbnail of a 1-based page, about 200 px wide, rendered on first request; a result's pages follow DOWNLOAD_POLICY, one's own uploads do not",
          responses: {
            200: { description: 'image/jpeg' },
            401: { description: 'a result, and the policy needs a session' },
            403: { description: 'a result, and the policy needs Pro' },
            404: { description: 'not yours, or past the last page' },
            410: { description: 'expired' },
            422: { description: 'password-protected' },
          },
        },
      },
    },
  };
}

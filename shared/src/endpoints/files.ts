import { z } from 'zod';
import { API_PATHS, encodeResultString, type TaskResult } from '../api';
import type { ErrorCode } from '../errors';
import { FORM_IDS } from '../forms';
import { BATCH_MAX_FILES } from '../limits';
import { ZHistoryPage, ZTaskAnswer, ZUploadAnswer } from './answers';
import { area, envelope, ref, type EndpointSpec } from './endpoint';

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

export const ZOpenForm = z.strictObject({ form: z.enum(FORM_IDS) });

const EXAMPLE_TOKEN = 'Xq3vR8mKp2LwZ7Tn';
const EXAMPLE_TASK = 'cm4k2x9p70003sheaf01';

export const uploadExample = {
  code: 1000,
  token: EXAMPLE_TOKEN,
  data: { token: EXAMPLE_TOKEN, name: 'scan.pdf', size: 482133, kind: 'pdf' },
};

const taskExample = (result: TaskResult) => ({
  code: result.status === 'Done' ? 1000 : 500,
  id: EXAMPLE_TASK,
  result,
  resultString: encodeResultString(result),
});

/** A finished compress-pdf task: what transferProgress answers at the end, and what a webhook carries. */
export const doneTaskExample = taskExample({
  status: 'Done',
  progress: 1,
  filesize: 120566,
  fileurl: `${API_PATHS.download}/Hn5cT1yQw8ZsB4Dk`,
  pdfurl: `${API_PATHS.download}/Hn5cT1yQw8ZsB4Dk`,
});

/** An upload's refusals beside its lane's and its fields': the file itself. */
const UPLOAD_ERRORS = ['FILE_EMPTY', 'FILE_TOO_LARGE', 'UNSUPPORTED_TYPE', 'SINGLE_FILE_ONLY', 'UPLOAD_FAILED'] as const satisfies ErrorCode[];
/** A transfer's refusals: the request, its files, the plan, the server's load, the webhook URL. */
const TRANSFER_ERRORS = [
  'ILLEGAL_INPUT',
  'TOOL_UNAVAILABLE',
  'FILE_NOT_FOUND',
  'FILE_EXPIRED',
  'UNSUPPORTED_TYPE',
  'TOO_FEW_FILES',
  'TOO_MANY_FILES',
  'SINGLE_FILE_ONLY',
  'INVALID_PAGES',
  'TOO_MANY_PAGES',
  'PASSWORD_EMPTY',
  'PASSWORD_LENGTH',
  'URL_EMPTY',
  'URL_INVALID',
  'URL_BLOCKED',
  'URL_NOT_FOUND',
  'WEBHOOK_NEEDS_KEY',
  'PRO_FEATURE',
  'DAILY_LIMIT',
  'TASKS_RUNNING',
] as const satisfies ErrorCode[];
const DOWNLOAD_ERRORS = ['FILE_NOT_FOUND', 'FILE_EXPIRED', 'NOT_SIGNED_IN', 'PRO_REQUIRED'] as const satisfies ErrorCode[];

const upload = <A extends 'visitor' | 'user'>(path: string, summary: string, access: A) =>
  ({
    method: 'post',
    path,
    summary,
    description:
      'One file (multipart field `file`), checked by its bytes, kept for the retention time. `toolType` checks the kind against that tool at once.',
    access,
    lane: 'upload',
    upload: {
      fields: ZUploadFields,
      cap: 'server',
      schema: {
        type: 'object',
        properties: { file: { type: 'string', format: 'binary' }, toolType: { type: 'string', maxLength: 64 } },
        required: ['file'],
      },
    },
    answer: { description: 'The stored file and its token', schema: ZUploadAnswer, example: uploadExample, rateLimited: true },
    errors: UPLOAD_ERRORS,
  }) as const satisfies EndpointSpec;

const transfer = <A extends 'visitor' | 'user'>(path: string, summary: string, access: A) =>
  ({
    method: 'post',
    path,
    summary,
    description:
      'Starts a task of a tool on uploaded files. The body is the common fields plus the options of the tool named by toolType (one schema per tool: Transfer.<tool>). ' +
      'Follow it with transferProgress, or give webhookUrl (API keys only) to be told when it ends.',
    access,
    lane: 'transfer',
    // An editor document (its operations, its drawn ink) is far larger than any other request; the tool's options are checked by the task's service.
    ownBody: { schema: ref('TransferRequest'), read: 'document' },
    requestExamples: {
      'compress-pdf': { toolType: 'compress-pdf', token: EXAMPLE_TOKEN, compress: 'high' },
      'merge-pdf': { toolType: 'merge-pdf', urls: `${EXAMPLE_TOKEN};Lp9wS2dF6gH1jK4z` },
      'split-pdf': { toolType: 'split-pdf', token: EXAMPLE_TOKEN, pages: '1-3,5' },
      'edit-pdf (style fields left to their defaults)': {
        toolType: 'edit-pdf',
        token: EXAMPLE_TOKEN,
        operations: {
          version: 1,
          operations: [
            { type: 'text', page: 1, rect: [0.1, 0.05, 0.6, 0.05], text: 'Approved' },
            { type: 'highlight', page: 1, rects: [[0.1, 0.2, 0.5, 0.02]] },
          ],
        },
      },
      'with a webhook (API key)': { toolType: 'pdf-to-word', token: EXAMPLE_TOKEN, webhookUrl: 'https://hooks.example.com/sheaf' },
    },
    answer: {
      description: 'The task, started (code 500, Doing)',
      schema: ZTaskAnswer,
      example: taskExample({ status: 'Doing', progress: 0 }),
      rateLimited: true,
    },
    errors: TRANSFER_ERRORS,
  }) as const satisfies EndpointSpec;

/** The tool pipeline: upload, transfer, progress, download, zip, thumbnails, and a form's blank. */
export const FILES = area('Files and tools', 'Upload a file, start a tool on it (transfer), poll its progress, download the outputs.', {
  upload: upload(API_PATHS.upload, 'Upload a file (signed in)', 'user'),
  unLoginUpload: upload(API_PATHS.unLoginUpload, 'Upload a file', 'visitor'),
  transfer: transfer(API_PATHS.transfer, 'Start a task (signed in)', 'user'),
  unLoginTransfer: transfer(API_PATHS.unLoginTransfer, 'Start a task', 'visitor'),
  transferProgress: {
    method: 'post',
    path: API_PATHS.transferProgress,
    summary: "A task's progress and, once done, its outputs",
    description:
      'code 500 while Doing (progress 0..1) or when Failed (result.message, result.errorCode); code 1000 when Done, with fileurl, or pdfurls / imageurls and zipurl.',
    access: 'visitor',
    body: ZProgressRequest,
    requestExample: { id: EXAMPLE_TASK },
    answer: { description: 'The task', schema: ZTaskAnswer, example: doneTaskExample },
    errors: ['TASK_NOT_FOUND'],
  },
  download: {
    method: 'get',
    path: `${API_PATHS.download}/{token}`,
    summary: 'Download a file',
    description: "An output (or one of your own uploads); ranges are served. Who may download a result follows the server's DOWNLOAD_POLICY.",
    access: 'visitor',
    params: { token: { schema: ZTokenParam, description: 'The file token from a result URL', refused: 'FILE_NOT_FOUND' } },
    answer: { description: 'The file, as an attachment', type: 'application/octet-stream' },
    errors: DOWNLOAD_ERRORS,
  },
  zip: {
    method: 'get',
    path: `${API_PATHS.zip}/{taskIds}`,
    summary: 'Every output of one or more tasks as one zip',
    access: 'visitor',
    params: {
      taskIds: {
        schema: z.string().max(2000),
        description: `One task id, or up to ${BATCH_MAX_FILES} joined by commas (a batch)`,
        refused: 'FILE_NOT_FOUND',
      },
    },
    answer: { description: 'The zip', type: 'application/zip' },
    errors: [...DOWNLOAD_ERRORS, 'TOO_MANY_FILES'],
  },
  thumb: {
    method: 'get',
    path: `${API_PATHS.thumb}/{token}/{page}`,
    summary: 'A page thumbnail',
    description:
      "A JPEG about 200 px wide of a 1-based page, rendered on first request; a result's pages follow DOWNLOAD_POLICY, your own uploads do not.",
    access: 'visitor',
    lane: 'redis',
    params: {
      token: { schema: ZTokenParam, description: 'The file token', refused: 'FILE_NOT_FOUND' },
      page: { schema: ZPageParam, description: '1-based page number', refused: 'NOT_FOUND' },
    },
    answer: { description: 'The thumbnail', type: 'image/jpeg' },
    // The thumbnail job's refusals of the file itself, answered by their codes.
    errors: [...DOWNLOAD_ERRORS, 'NOT_FOUND', 'UNSUPPORTED_TYPE', 'PDF_ENCRYPTED', 'PDF_DAMAGED', 'PDF_PAGE_TREE_BROKEN', 'FILE_TOO_COMPLEX'],
  },
  openForm: {
    method: 'post',
    path: API_PATHS.openForm,
    summary: "A form's blank as your upload",
    description: `A form page's shipped blank (${FORM_IDS.join(', ')}) copied as the requester's upload, for the editor; answered like an upload.`,
    access: 'visitor',
    body: ZOpenForm,
    requestExample: { form: FORM_IDS[0] },
    answer: { description: 'The copy, as an upload answers', schema: ZUploadAnswer },
    errors: ['NOT_FOUND'],
  },
});

/** The signed-in history of tasks. */
export const HISTORY = area('History', "A signed-in user's past tasks.", {
  historyTasks: {
    method: 'post',
    path: '/api/miaohui/file/historyTasks',
    summary: 'List past tasks',
    description: 'Newest first: each task with its date, name, tool, status, and its outputs while they are kept.',
    access: 'user',
    body: ZHistoryRequest,
    requestExample: { pageNum: 1, pageSize: 20 },
    answer: { description: 'data: a page of tasks', schema: envelope(ZHistoryPage) },
  },
  deleteTasks: {
    method: 'post',
    path: '/api/miaohui/file/deleteTasks',
    summary: 'Delete past tasks',
    description: 'Deletes the tasks and their files; ids that are not yours are ignored.',
    access: 'user',
    body: ZDeleteTasks,
    requestExample: { ids: [EXAMPLE_TASK] },
    answer: { description: 'data: how many tasks were deleted', schema: envelope(z.number().int()), example: { code: 0, data: 2 } },
  },
});

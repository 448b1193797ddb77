import { z } from 'zod';
import { API_PATHS, encodeResultString, type TaskResult } from '#shared/api';
import type { ErrorCode } from '#shared/errors';
import { FORM_IDS } from '#shared/forms';
import { BATCH_MAX_FILES } from '#shared/limits';
import { ZOpenForm } from '../routes/form/schema';
import { ZDeleteTasks, ZHistoryRequest, ZPageParam, ZProgressRequest, ZTokenParam } from '../routes/file/schema';
import { ZHistoryPage, ZTaskAnswer, ZUploadAnswer } from './answers';
import { envelope, rateLimitHeaders, ref, type Area, type OperationSpec } from './build';

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

const UPLOAD_ERRORS: ErrorCode[] = [
  'FILE_EMPTY',
  'FILE_TOO_LARGE',
  'UNSUPPORTED_TYPE',
  'SINGLE_FILE_ONLY',
  'UPLOAD_FAILED',
  'ILLEGAL_INPUT',
  'UNAVAILABLE',
];
/** A transfer's refusals: the request, its files, the plan, the server's load, the webhook URL. */
const TRANSFER_ERRORS: ErrorCode[] = [
  'TOOL_UNAVAILABLE',
  'FILE_NOT_FOUND',
  'FILE_EXPIRED',
  'UNSUPPORTED_TYPE',
  'TOO_FEW_FILES',
  'TOO_MANY_FILES',
  'SINGLE_FILE_ONLY',
  'INVALID_PAGES',
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
  'SERVICE_BUSY',
];
const DOWNLOAD_ERRORS: ErrorCode[] = ['FILE_NOT_FOUND', 'FILE_EXPIRED', 'NOT_SIGNED_IN', 'PRO_REQUIRED'];

const upload = (summary: string, access: 'visitor' | 'user'): OperationSpec => ({
  summary,
  description:
    'One file (multipart field `file`), checked by its bytes, kept for the retention time. `toolType` checks the kind against that tool at once.',
  access,
  multipart: true,
  body: {
    type: 'object',
    properties: { file: { type: 'string', format: 'binary' }, toolType: { type: 'string', maxLength: 64 } },
    required: ['file'],
  },
  answer: { description: 'The stored file and its token', schema: ZUploadAnswer, example: uploadExample, headers: rateLimitHeaders },
  errors: UPLOAD_ERRORS,
});

const transfer = (summary: string, access: 'visitor' | 'user'): OperationSpec => ({
  summary,
  description:
    'Starts a task of a tool on uploaded files. The body is the common fields plus the options of the tool named by toolType (one schema per tool: Transfer.<tool>). ' +
    'Follow it with transferProgress, or give webhookUrl (API keys only) to be told when it ends.',
  access,
  body: ref('TransferRequest'),
  requestExamples: {
    'compress-pdf': { toolType: 'compress-pdf', token: EXAMPLE_TOKEN, compress: 'high' },
    'merge-pdf': { toolType: 'merge-pdf', urls: `${EXAMPLE_TOKEN};Lp9wS2dF6gH1jK4z` },
    'split-pdf': { toolType: 'split-pdf', token: EXAMPLE_TOKEN, pages: '1-3,5' },
    'edit-pdf (style fields left to their defaults)': {
      toolType: 'edit-pdf',
      token: EXAMPLE_TOKEN,
      operations: { version: 1, operations: [{ type: 'text', page: 1, rect: [0.1, 0.05, 0.6, 0.05], text: 'Approved' }, { type: 'highlight', page: 1, rects: [[0.1, 0.2, 0.5, 0.02]] }] },
    },
    'with a webhook (API key)': { toolType: 'pdf-to-word', token: EXAMPLE_TOKEN, webhookUrl: 'https://hooks.example.com/sheaf' },
  },
  answer: {
    description: 'The task, started (code 500, Doing)',
    schema: ZTaskAnswer,
    example: taskExample({ status: 'Doing', progress: 0 }),
    headers: rateLimitHeaders,
  },
  errors: TRANSFER_ERRORS,
});

/** The tool pipeline: upload, transfer, progress, download, zip, thumbnails, and a form's blank. */
export function filesArea(): Area {
  return {
    tag: 'Files and tools',
    description: 'Upload a file, start a tool on it (transfer), poll its progress, download the outputs.',
    paths: {
      [API_PATHS.upload]: { post: upload('Upload a file (signed in)', 'user') },
      [API_PATHS.unLoginUpload]: { post: upload('Upload a file', 'visitor') },
      [API_PATHS.transfer]: { post: transfer('Start a task (signed in)', 'user') },
      [API_PATHS.unLoginTransfer]: { post: transfer('Start a task', 'visitor') },
      [API_PATHS.transferProgress]: {
        post: {
          summary: "A task's progress and, once done, its outputs",
          description:
            'code 500 while Doing (progress 0..1) or when Failed (result.message, result.errorCode); code 1000 when Done, with fileurl, or pdfurls / imageurls and zipurl.',
          access: 'visitor',
          body: ZProgressRequest,
          requestExample: { id: EXAMPLE_TASK },
          answer: { description: 'The task', schema: ZTaskAnswer, example: doneTaskExample },
          errors: ['TASK_NOT_FOUND'],
        },
      },
      [`${API_PATHS.download}/{token}`]: {
        get: {
          summary: 'Download a file',
          description:
            "An output (or one of your own uploads); ranges are served. Who may download a result follows the server's DOWNLOAD_POLICY.",
          access: 'visitor',
          path: { token: { schema: ZTokenParam, description: 'The file token from a result URL' } },
          answer: { description: 'The file, as an attachment', type: 'application/octet-stream' },
          errors: DOWNLOAD_ERRORS,
        },
      },
      [`${API_PATHS.zip}/{taskIds}`]: {
        get: {
          summary: 'Every output of one or more tasks as one zip',
          access: 'visitor',
          path: {
            taskIds: { schema: z.string().max(2000), description: `One task id, or up to ${BATCH_MAX_FILES} joined by commas (a batch)` },
          },
          answer: { description: 'The zip', type: 'application/zip' },
          errors: [...DOWNLOAD_ERRORS, 'TOO_MANY_FILES'],
        },
      },
      [`${API_PATHS.thumb}/{token}/{page}`]: {
        get: {
          summary: 'A page thumbnail',
          description:
            "A JPEG about 200 px wide of a 1-based page, rendered on first request; a result's pages follow DOWNLOAD_POLICY, your own uploads do not.",
          access: 'visitor',
          path: {
            token: { schema: ZTokenParam, description: 'The file token' },
            page: { schema: ZPageParam, description: '1-based page number' },
          },
          answer: { description: 'The thumbnail', type: 'image/jpeg' },
          errors: [...DOWNLOAD_ERRORS, 'NOT_FOUND', 'PDF_ENCRYPTED'],
        },
      },
      [API_PATHS.openForm]: {
        post: {
          summary: "A form's blank as your upload",
          description: `A form page's shipped blank (${FORM_IDS.join(', ')}) copied as the requester's upload, for the editor; answered like an upload.`,
          access: 'visitor',
          body: ZOpenForm,
          requestExample: { form: FORM_IDS[0] },
          answer: { description: 'The copy, as an upload answers', schema: ZUploadAnswer },
          errors: ['NOT_FOUND'],
        },
      },
    },
  };
}

/** The signed-in history of tasks. */
export function historyArea(): Area {
  return {
    tag: 'History',
    description: "A signed-in user's past tasks.",
    paths: {
      '/api/miaohui/file/historyTasks': {
        post: {
          summary: 'List past tasks',
          description: 'Newest first: each task with its date, name, tool, status, and its outputs while they are kept.',
          access: 'user',
          body: ZHistoryRequest,
          requestExample: { pageNum: 1, pageSize: 20 },
          answer: { description: 'data: a page of tasks', schema: envelope(ZHistoryPage) },
        },
      },
      '/api/miaohui/file/deleteTasks': {
        post: {
          summary: 'Delete past tasks',
          description: 'Deletes the tasks and their files; ids that are not yours are ignored.',
          access: 'user',
          body: ZDeleteTasks,
          requestExample: { ids: [EXAMPLE_TASK] },
          answer: { description: 'data: how many tasks were deleted', schema: envelope(z.number().int()), example: { code: 0, data: 2 } },
        },
      },
    },
  };
}

import archiver from 'archiver';
import { AppError } from '#shared/errors';
import { ZTokenParam } from '#shared/endpoints/files';
import { BATCH_MAX_FILES } from '#shared/limits';
import type { Deps } from '#shared/server/deps';
import { presentTask } from '#shared/task-answer';
import { presentUpload } from '../../presenters/upload-presenter';
import { assertMayDownload, attachmentHeader, contentTypeOf, downloadName, toolsOfOutput, zipName } from '../../services/download-service';
import { findOwnedFile, isGone, storeUpload } from '../../services/file-service';
import { openFormBlank } from '../../services/form-blank-service';
import { deleteHistory, listHistory } from '../../services/history-service';
import { createTask, findOwnedTask } from '../../services/task-service';
import { thumbnail } from '../../services/thumbnail-service';
import type { Call, Handler, Handlers } from '../endpoint-router';
import { sendStored } from '../send-stored';
import type { Endpoints } from '#shared/endpoints';

const taskId = (value: string) => {
  const parsed = ZTokenParam.safeParse(value);
  if (!parsed.success) throw new AppError('FILE_NOT_FOUND', 'bad id');
  return parsed.data;
};

type FileIds = 'upload' | 'unLoginUpload' | 'transfer' | 'unLoginTransfer' | 'transferProgress' | 'download' | 'zip' | 'thumb' | 'openForm' | 'historyTasks' | 'deleteTasks';

/** The tool pipeline of DESIGN.md: upload, transfer, transferProgress, download, zip; a form's blank; the signed-in history. */
export function fileHandlers(deps: Deps): Handlers<FileIds> {
  const upload: Handler<Endpoints['upload']> = async ({ req, who, body }) =>
    presentUpload(await storeUpload(deps, who, { tmpPath: req.file!.path, originalName: req.file!.originalname }, body.toolType));

  const transfer = async ({ req, who }: Call<Endpoints['transfer']>) => {
    const task = await createTask(deps, who, req.body, req.ip);
    return presentTask({ ...task, outputs: [] });
  };

  return {
    upload,
    unLoginUpload: upload,
    transfer,
    unLoginTransfer: transfer,

    transferProgress: async ({ who, body }) => presentTask(await findOwnedTask(deps, who, body.id)),

    download: async ({ req, res, who, params }) => {
      const file = await findOwnedFile(deps, who, params.token);
      await assertMayDownload(deps, who, await toolsOfOutput(deps, file));
      res.setHeader('Content-Type', contentTypeOf(file.kind, file.name));
      res.setHeader('Content-Disposition', attachmentHeader(file.name));
      res.setHeader('Cache-Control', 'private, no-store');
      sendStored(deps, req, res, file.storageKey, Number(file.size));
    },

    thumb: async ({ res, who, params }) => {
      const stream = await thumbnail(deps, who, params.token, params.page);
      res.setHeader('Content-Type', 'image/jpeg');
      res.setHeader('Cache-Control', 'private, max-age=3600');
      stream.on('error', () => res.destroy());
      stream.pipe(res);
    },

    // One task's outputs, or several tasks' (a batch: ids joined by commas).
    zip: async ({ res, who, params }) => {
      const ids = params.taskIds.split(',');
      if (ids.length > BATCH_MAX_FILES) throw new AppError('TOO_MANY_FILES', `${ids.length} tasks`);
      const tasks = [];
      for (const id of ids) tasks.push(await findOwnedTask(deps, who, taskId(id), 'FILE_NOT_FOUND'));
      const outputs = tasks.flatMap((t) => (t.status === 'DONE' ? t.outputs : []));
      if (outputs.length === 0) throw new AppError('FILE_NOT_FOUND', 'no outputs');
      if (outputs.some((o) => isGone(deps, o))) throw new AppError('FILE_EXPIRED', `tasks ${ids.join(',')}`);
      await assertMayDownload(deps, who, tasks.map((t) => t.tool));
      res.setHeader('Content-Type', 'application/zip');
      res.setHeader('Content-Disposition', attachmentHeader(zipName(tasks)));
      res.setHeader('Cache-Control', 'private, no-store');
      const zip = archiver('zip', { zlib: { level: 1 } });
      zip.on('error', () => res.destroy());
      zip.pipe(res);
      const used = new Set<string>();
      for (const o of outputs) {
        const base = downloadName(o.name);
        let name = base;
        for (let i = 2; used.has(name); i++) name = base.replace(/(\.[^.]*)?$/, `-${i}$1`);
        used.add(name);
        zip.append(deps.store.read(o.storageKey), { name });
      }
      await zip.finalize();
    },

    // The form pages' Get form: the shipped blank becomes the visitor's upload, answered like an upload.
    openForm: async ({ who, body }) => presentUpload(await openFormBlank(deps, who, body.form)),

    historyTasks: async ({ who, body }) => ({ code: 0, data: await listHistory(deps, who.userId!, body.pageNum, body.pageSize) }),

    deleteTasks: async ({ who, body }) => ({ code: 0, data: await deleteHistory(deps, who.userId!, body.ids) }),
  };
}

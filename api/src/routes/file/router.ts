import archiver from 'archiver';
import { Router, type Request, type Response } from 'express';
import { AppError } from '#shared/errors';
import { BATCH_MAX_FILES } from '#shared/limits';
import type { Deps } from '#shared/server/deps';
import { presentTask } from '#shared/task-answer';
import { getRequester, requireUser } from '../../middleware/requester';
import { singleFileUpload } from '../../middleware/upload';
import { validateBody } from '../../middleware/validate';
import { invalidInput } from '../../presenters/error-presenter';
import { presentUpload } from '../../presenters/upload-presenter';
import { assertMayDownload, attachmentHeader, contentTypeOf, downloadName, toolsOfOutput, zipName } from '../../services/download-service';
import { findOwnedFile, isGone, storeUpload } from '../../services/file-service';
import { deleteHistory, listHistory } from '../../services/history-service';
import { createTask, findOwnedTask } from '../../services/task-service';
import { thumbnail } from '../../services/thumbnail-service';
import { sendStored } from '../send-stored';
import { ZDeleteTasks, ZHistoryRequest, ZPageParam, ZProgressRequest, ZTokenParam, ZUploadFields } from './schema';

const param = (value: unknown) => {
  const parsed = ZTokenParam.safeParse(value);
  if (!parsed.success) throw new AppError('FILE_NOT_FOUND', 'bad id');
  return parsed.data;
};

/** The tool pipeline of DESIGN.md: upload, transfer, transferProgress, download, zip. */
export function fileRouter(deps: Deps): Router {
  const r = Router();
  const upload = singleFileUpload(deps.env);

  const handleUpload = async (req: Request, res: Response) => {
    const fields = ZUploadFields.safeParse(req.body ?? {});
    if (!fields.success) throw invalidInput(ZUploadFields, fields.error, req.body ?? {});
    const file = await storeUpload(deps, getRequester(res), { tmpPath: req.file!.path, originalName: req.file!.originalname }, fields.data.toolType);
    res.json(presentUpload(file));
  };
  r.post('/upload', requireUser, upload, handleUpload);
  r.post('/unLoginUpload', upload, handleUpload);

  const handleTransfer = async (req: Request, res: Response) => {
    const task = await createTask(deps, getRequester(res), req.body, req.ip);
    res.json(presentTask({ ...task, outputs: [] }));
  };
  r.post('/transfer', requireUser, handleTransfer);
  r.post('/unLoginTransfer', handleTransfer);

  r.post('/transferProgress', validateBody(ZProgressRequest), async (_req, res) => {
    const task = await findOwnedTask(deps, getRequester(res), res.locals.body.id);
    res.json(presentTask(task));
  });

  r.get('/download/:token', async (req, res) => {
    const who = getRequester(res);
    const file = await findOwnedFile(deps, who, param(req.params.token));
    await assertMayDownload(deps, who, await toolsOfOutput(deps, file));
    res.setHeader('Content-Type', contentTypeOf(file.kind, file.name));
    res.setHeader('Content-Disposition', attachmentHeader(file.name));
    res.setHeader('Cache-Control', 'private, no-store');
    sendStored(deps, req, res, file.storageKey, Number(file.size));
  });

  r.get('/thumb/:token/:page', async (req, res) => {
    const page = ZPageParam.safeParse(req.params.page);
    if (!page.success) throw new AppError('NOT_FOUND', 'bad page');
    const stream = await thumbnail(deps, getRequester(res), param(req.params.token), page.data);
    res.setHeader('Content-Type', 'image/jpeg');
    res.setHeader('Cache-Control', 'private, max-age=3600');
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });

  // One task's outputs, or several tasks' (a batch: ids joined by commas).
  r.get('/zip/:taskIds', async (req, res) => {
    const who = getRequester(res);
    const ids = String(req.params.taskIds).split(',');
    if (ids.length > BATCH_MAX_FILES) throw new AppError('TOO_MANY_FILES', `${ids.length} tasks`);
    const tasks = [];
    for (const id of ids) tasks.push(await findOwnedTask(deps, who, param(id), 'FILE_NOT_FOUND'));
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
  });

  r.post('/historyTasks', requireUser, validateBody(ZHistoryRequest), async (_req, res) => {
    const { pageNum, pageSize } = res.locals.body;
    res.json({ code: 0, data: await listHistory(deps, getRequester(res).userId!, pageNum, pageSize) });
  });

  r.post('/deleteTasks', requireUser, validateBody(ZDeleteTasks), async (_req, res) => {
    res.json({ code: 0, data: await deleteHistory(deps, getRequester(res).userId!, res.locals.body.ids) });
  });

  return r;
}

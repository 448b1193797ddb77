import archiver from 'archiver';
import { Router, type NextFunction, type Request, type Response } from 'express';
import { TOOL_CODE, type UploadAnswer } from '../../../../shared/src/api';
import { AppError } from '../../../../shared/src/errors';
import type { Deps } from '../../../../shared/src/server/deps';
import { getRequester } from '../../middleware/requester';
import { singleFileUpload } from '../../middleware/upload';
import { validateBody } from '../../middleware/validate';
import { presentTask } from '../../presenters/task-presenter';
import { assertMayDownload, attachmentHeader } from '../../services/download-service';
import { findOwnedFile, storeUpload } from '../../services/file-service';
import { createTask, findOwnedTask } from '../../services/task-service';
import { ZProgressRequest, ZTokenParam, ZUploadFields } from './schema';

const requireUser = (_req: Request, res: Response, next: NextFunction) =>
  getRequester(res).userId ? next() : next(new AppError('NOT_SIGNED_IN', 'signed-in route'));

const param = (value: unknown) => {
  const parsed = ZTokenParam.safeParse(value);
  if (!parsed.success) throw new AppError('NOT_FOUND', 'bad id');
  return parsed.data;
};

/** The tool pipeline of DESIGN.md: upload, transfer, transferProgress, download, zip. */
export function fileRouter(deps: Deps): Router {
  const r = Router();
  const upload = singleFileUpload(deps.env);

  const handleUpload = async (req: Request, res: Response) => {
    const fields = ZUploadFields.safeParse(req.body ?? {});
    if (!fields.success) throw new AppError('ILLEGAL_INPUT', fields.error.message);
    const file = await storeUpload(deps, getRequester(res), { tmpPath: req.file!.path, originalName: req.file!.originalname }, fields.data.toolType);
    const answer: UploadAnswer = {
      code: TOOL_CODE.done,
      token: file.token,
      data: { token: file.token, name: file.name, size: Number(file.size), kind: file.kind },
    };
    res.json(answer);
  };
  r.post('/upload', requireUser, upload, handleUpload);
  r.post('/unLoginUpload', upload, handleUpload);

  const handleTransfer = async (req: Request, res: Response) => {
    const task = await createTask(deps, getRequester(res), req.body);
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
    await assertMayDownload(deps, who);
    res.setHeader('Content-Type', file.kind === 'pdf' ? 'application/pdf' : 'application/octet-stream');
    res.setHeader('Content-Length', String(file.size));
    res.setHeader('Content-Disposition', attachmentHeader(file.name));
    res.setHeader('Cache-Control', 'private, no-store');
    const stream = deps.store.read(file.storageKey);
    stream.on('error', () => res.destroy());
    stream.pipe(res);
  });

  r.get('/zip/:taskId', async (req, res) => {
    const who = getRequester(res);
    const task = await findOwnedTask(deps, who, param(req.params.taskId));
    if (task.status !== 'DONE' || task.outputs.length === 0) throw new AppError('NOT_FOUND', 'task has no outputs');
    if (task.outputs.some((o) => o.deletedAt)) throw new AppError('FILE_EXPIRED', `task ${task.id}`);
    await assertMayDownload(deps, who);
    res.setHeader('Content-Type', 'application/zip');
    res.setHeader('Content-Disposition', attachmentHeader(`${task.tool}-${task.id.slice(-6)}.zip`));
    res.setHeader('Cache-Control', 'private, no-store');
    const zip = archiver('zip', { zlib: { level: 1 } });
    zip.on('error', () => res.destroy());
    zip.pipe(res);
    const used = new Set<string>();
    for (const o of task.outputs) {
      let name = o.name;
      for (let i = 2; used.has(name); i++) name = o.name.replace(/(\.[^.]*)?$/, `-${i}$1`);
      used.add(name);
      zip.append(deps.store.read(o.storageKey), { name });
    }
    await zip.finalize();
  });

  return r;
}

import { Router, type NextFunction, type Request, type Response } from 'express';
import { AI_FREE_LIMITS, AI_UNLIMITED_LIMITS } from '#shared/ai/api';
import { AppError } from '#shared/errors';
import { FILE_KIND_SPECS, sniffKind } from '#shared/file-kinds';
import type { Deps } from '#shared/server/deps';
import { getRequester, langOf } from '../../middleware/requester';
import { singleFileUpload } from '../../middleware/upload';
import { validateBody, validateQuery } from '../../middleware/validate';
import { presentDocument } from '../../presenters/ai-presenter';
import { presentUpload } from '../../presenters/upload-presenter';
import { aiLimitsOf } from '../../services/ai/ai-limits';
import {
  AI_UPLOAD_TOOL,
  addDocument,
  aiConfigOf,
  deleteDocument,
  documentOfUpload,
  findOwnedDocument,
  listDocuments,
  mindMapOf,
} from '../../services/ai/document-service';
import { storeUpload } from '../../services/file-service';
import { headOf, sendStored } from '../send-stored';
import { ZAddFile, ZDocumentQuery, ZTokenQuery } from './schema';

/**
 * The AI assistant's upload (`miaohui/file/uploadAiPdf`): a PDF, or a picture for chat with image,
 * streamed to disk up to the plan's AI size (Free 100 MB, AI plan 1 GB) whatever the server's
 * general upload limit; visitors too. Answers like the tools' upload.
 */
export function aiUploadRouter(deps: Deps): Router {
  const r = Router();
  const uploads = new Map([AI_FREE_LIMITS.maxMb, AI_UNLIMITED_LIMITS.maxMb].map((mb) => [mb, singleFileUpload(deps.env, mb)]));
  const planUpload = async (req: Request, res: Response, next: NextFunction) => {
    const { maxMb } = await aiLimitsOf(deps, getRequester(res));
    (uploads.get(maxMb) ?? singleFileUpload(deps.env, maxMb))(req, res, next);
  };
  r.post('/uploadAiPdf', planUpload, async (req, res) => {
    const file = await storeUpload(deps, getRequester(res), { tmpPath: req.file!.path, originalName: req.file!.originalname }, AI_UPLOAD_TOOL);
    res.json(presentUpload(file));
  });
  return r;
}

/** The AI assistant's documents (`dhjai/*`): add, list, read, delete, mind map, configuration, the file itself. */
export function documentsRouter(deps: Deps): Router {
  const r = Router();
  const ok = (res: Response, data: unknown) => res.json({ code: 0, data });

  r.post('/addFile', validateBody(ZAddFile), async (_req, res) => {
    ok(res, await addDocument(deps, getRequester(res), res.locals.body.token));
  });

  r.get('/getDocumentList', async (req, res) => {
    const docs = await listDocuments(deps, getRequester(res));
    ok(res, docs.map((d) => presentDocument(d, langOf(req))));
  });

  r.get('/getTitle', validateQuery(ZTokenQuery), async (_req, res) => {
    ok(res, await documentOfUpload(deps, getRequester(res), res.locals.query.token));
  });

  r.get('/getDocument', validateQuery(ZDocumentQuery), async (req, res) => {
    ok(res, presentDocument(await findOwnedDocument(deps, getRequester(res), res.locals.query.documentId), langOf(req)));
  });

  r.post('/del', validateQuery(ZDocumentQuery), async (_req, res) => {
    await deleteDocument(deps, getRequester(res), res.locals.query.documentId);
    ok(res, null);
  });

  r.get('/mindMap', validateQuery(ZDocumentQuery), async (_req, res) => {
    ok(res, { markdown: await mindMapOf(deps, getRequester(res), res.locals.query.documentId) });
  });

  r.get('/config', async (_req, res) => {
    ok(res, await aiConfigOf(deps, getRequester(res)));
  });

  // The viewer's copy of the document: its owner's only, like every other call.
  r.get('/file', validateQuery(ZDocumentQuery), async (req, res) => {
    const doc = await findOwnedDocument(deps, getRequester(res), res.locals.query.documentId);
    if (!doc.storageKey) throw new AppError('NOT_FOUND', `AI document ${doc.documentId} has no file`);
    // A picture's type is read from its first bytes: the document records only that it is an image.
    const kind = doc.kind === 'pdf' ? 'pdf' : sniffKind(await headOf(deps, doc.storageKey), doc.title);
    res.setHeader('Content-Type', (kind && FILE_KIND_SPECS[kind].mime) || 'application/octet-stream');
    res.setHeader('Cache-Control', 'private, no-store');
    res.setHeader('Content-Disposition', 'inline');
    sendStored(deps, req, res, doc.storageKey, Number(doc.size));
  });

  return r;
}

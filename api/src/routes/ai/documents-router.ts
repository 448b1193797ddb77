import { AppError } from '#shared/errors';
import { FILE_KIND_SPECS, sniffKind } from '#shared/file-kinds';
import type { Deps } from '#shared/server/deps';
import { langOf } from '../../middleware/requester';
import { presentDocument } from '../../presenters/ai-presenter';
import { presentUpload } from '../../presenters/upload-presenter';
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
import type { Handlers } from '../endpoint-router';

type DocumentIds = 'uploadAiPdf' | 'addFile' | 'getDocumentList' | 'getTitle' | 'getDocument' | 'deleteDocument' | 'mindMap' | 'aiConfig' | 'aiFile';

/**
 * The AI assistant's upload (`miaohui/file/uploadAiPdf`: a PDF, or a picture for chat with image,
 * up to the plan's AI size, answered like the tools' upload) and its documents (`dhjai/*`): add,
 * list, read, delete, mind map, configuration, the file itself.
 */
export function documentHandlers(deps: Deps): Handlers<DocumentIds> {
  return {
    uploadAiPdf: async ({ req, who }) =>
      presentUpload(await storeUpload(deps, who, { tmpPath: req.file!.path, originalName: req.file!.originalname }, AI_UPLOAD_TOOL)),

    addFile: async ({ who, body }) => ({ code: 0, data: await addDocument(deps, who, body.token) }),

    getDocumentList: async ({ req, who }) => ({ code: 0, data: (await listDocuments(deps, who)).map((d) => presentDocument(d, langOf(req))) }),

    getTitle: async ({ who, query }) => ({ code: 0, data: await documentOfUpload(deps, who, query.token) }),

    getDocument: async ({ req, who, query }) => ({ code: 0, data: presentDocument(await findOwnedDocument(deps, who, query.documentId), langOf(req)) }),

    deleteDocument: async ({ who, query }) => {
      await deleteDocument(deps, who, query.documentId);
      return { code: 0, data: null };
    },

    mindMap: async ({ who, query }) => ({ code: 0, data: { markdown: await mindMapOf(deps, who, query.documentId) } }),

    aiConfig: async ({ who }) => ({ code: 0, data: await aiConfigOf(deps, who) }),

    // The viewer's copy of the document: its owner's only, like every other call.
    aiFile: async ({ req, res, who, query }) => {
      const doc = await findOwnedDocument(deps, who, query.documentId);
      if (!doc.storageKey) throw new AppError('NOT_FOUND', `AI document ${doc.documentId} has no file`);
      // A picture's type is read from its first bytes: the document records only that it is an image.
      const kind = doc.kind === 'pdf' ? 'pdf' : sniffKind(await headOf(deps, doc.storageKey), doc.title);
      res.setHeader('Content-Type', (kind && FILE_KIND_SPECS[kind].mime) || 'application/octet-stream');
      res.setHeader('Cache-Control', 'private, no-store');
      res.setHeader('Content-Disposition', 'inline');
      sendStored(deps, req, res, doc.storageKey, Number(doc.size));
    },
  };
}

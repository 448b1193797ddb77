import fs from 'node:fs/promises';
import path from 'node:path';
import type { AiDocument } from '@prisma/client';
import type { AiConfigView, AiDocumentKind, AiHeading } from '#shared/ai/api';
import type { TextChunk } from '#shared/ai/chunks';
import { Bm25Index } from '#shared/ai/bm25';
import { mindMapMarkdown, sectionsOf, summarize } from '#shared/ai/structure';
import { AppError } from '#shared/errors';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { queueNextOfOwner } from '#shared/server/ai-index-queue';
import ocrTool from '#shared/tools/pdf-ocr';
import type { Requester } from '../../middleware/requester';
import { findOwnedFile, ownedRowsWhere, ownsRow } from '../file-service';
import { thumbnail } from '../thumbnail-service';
import { aiLimitsOf, aiUsageOf } from './ai-limits';

const MB = 1024 * 1024;
/** Pictures a document can be made of: what the OCR pipeline reads (chat with image). */
const IMAGE_KINDS = new Set<string>(ocrTool.accepts.filter((k) => k !== 'pdf'));
/** The AI plan's upload kinds: a PDF, or a picture for chat with image. */
export const AI_UPLOAD_TOOL = ocrTool.id;

/** The requester's AI document; anyone else's, like a missing one, is simply not found (404). */
export async function findOwnedDocument(deps: Deps, who: Requester, documentId: string): Promise<AiDocument> {
  const doc = await deps.db.aiDocument.findUnique({ where: { documentId } });
  if (!doc || !ownsRow(who, doc)) throw new AppError('NOT_FOUND', `AI document ${documentId}`);
  return doc;
}

/** The requester's documents, newest first. */
export const listDocuments = (deps: Deps, who: Requester) =>
  deps.db.aiDocument.findMany({ where: ownedRowsWhere(who), orderBy: { createdAt: 'desc' } });

/** The requester's newest document made from an upload. */
export async function documentOfUpload(deps: Deps, who: Requester, token: string): Promise<{ documentId: string; title: string }> {
  const doc = await deps.db.aiDocument.findFirst({ where: { token, ...ownedRowsWhere(who) }, orderBy: { createdAt: 'desc' } });
  if (!doc) throw new AppError('NOT_FOUND', `no AI document from upload ${token}`);
  return { documentId: doc.documentId, title: doc.title };
}

/** The file limit, checked against what the requester holds now (db: a transaction holding the requester's lock, or the client). */
async function assertRoomForOne(db: Pick<Deps['db'], 'aiDocument'>, who: Requester, files: number | null) {
  if (files === null) return;
  const held = await db.aiDocument.count({ where: ownedRowsWhere(who) });
  if (held >= files) throw new AppError('AI_FILE_LIMIT', `${who.userId ?? who.visitorId} holds ${held} AI documents`);
}

/**
 * Makes an AI document of one of the requester's uploads, within the plan's limits (files, size,
 * pages, which the server bounds in every mode; an encrypted PDF is refused), and queues its
 * indexing: at once, or after the requester's documents still indexing (one job per owner). The document keeps its own copy
 * of the file: the upload is swept with retention, the document lives until it is deleted.
 */
export async function addDocument(deps: Deps, who: Requester, token: string): Promise<{ documentId: string; title: string }> {
  const file = await findOwnedFile(deps, who, token);
  if (file.role !== 'INPUT') throw new AppError('NOT_FOUND', `file ${token} is not an upload`);
  const kind: AiDocumentKind | null = file.kind === 'pdf' ? 'pdf' : IMAGE_KINDS.has(file.kind) ? 'image' : null;
  if (!kind) throw new AppError('UNSUPPORTED_TYPE', `AI document of a ${file.kind}`);
  const limits = await aiLimitsOf(deps, who);
  await assertRoomForOne(deps.db, who, limits.files);
  if (Number(file.size) > limits.maxMb * MB) throw new AppError('FILE_TOO_LARGE', `${file.size} bytes for the AI assistant`);
  if (kind === 'pdf') {
    const pages = await pageCountOf(deps, who, file);
    if (pages > limits.maxPages) throw new AppError('AI_PAGE_LIMIT', `${pages} pages, at most ${limits.maxPages}`);
  }

  const documentId = randomId(24);
  const storageKey = `ai-${documentId}`;
  const title = file.name.replace(/\.[^.]*$/, '') || file.name;
  const tmp = await fs.mkdtemp(path.join(deps.env.tmpDir, 'ai-copy-'));
  try {
    const copy = path.join(tmp, 'copy');
    await deps.store.copyToPath(file.storageKey, copy);
    await deps.store.putFromPath(storageKey, copy);
  } finally {
    await fs.rm(tmp, { recursive: true, force: true });
  }
  try {
    await deps.db.$transaction(async (tx) => {
      // Two uploads added at once cannot both take the last free place.
      await tx.$executeRaw`SELECT pg_advisory_xact_lock(hashtext(${`ai-files:${who.userId ?? who.visitorId}`}))`;
      await assertRoomForOne(tx, who, limits.files);
      await tx.aiDocument.create({
        data: { documentId, token, title, kind, storageKey, size: file.size, pages: kind === 'image' ? 1 : file.pages, userId: who.userId, visitorId: who.visitorId },
      });
    });
  } catch (e) {
    await deps.store.remove(storageKey);
    throw e;
  }
  await queueNextOfOwner(deps, who);
  return { documentId, title };
}

/**
 * A PDF's page count without parsing it here: the thumbnail job (in the worker, under its limits)
 * records it on the file row, and refuses an encrypted PDF (PDF_ENCRYPTED) or a damaged one.
 */
async function pageCountOf(deps: Deps, who: Requester, file: { id: string; token: string; pages: number | null }): Promise<number> {
  if (file.pages !== null) return file.pages;
  (await thumbnail(deps, who, file.token, 1)).destroy();
  const { pages } = await deps.db.file.findUniqueOrThrow({ where: { id: file.id }, select: { pages: true } });
  if (pages === null) throw new AppError('UNAVAILABLE', `page count of ${file.token}`);
  return pages;
}

/** Deletes a document, its conversation and passages (cascaded rows) and its own copy of the file. */
export async function deleteDocument(deps: Deps, who: Requester, documentId: string): Promise<void> {
  const doc = await findOwnedDocument(deps, who, documentId);
  await deps.db.aiDocument.delete({ where: { id: doc.id } });
  if (doc.storageKey) await deps.store.remove(doc.storageKey);
  // A job not yet running goes, and the owner's next document takes its turn. A running one (it
  // cannot be removed) sees within a second that the row is gone, stops and queues the next itself.
  const removed = await deps.aiIndex.remove(documentId).catch(() => 0);
  if (removed) await queueNextOfOwner(deps, doc);
}

/** The document's passages in order, as the retrieval core reads them. */
export async function chunksOf(deps: Deps, doc: AiDocument): Promise<TextChunk[]> {
  const rows = await deps.db.aiChunk.findMany({ where: { documentId: doc.id }, orderBy: { ordinal: 'asc' } });
  return rows.map((r) => ({ page: r.page, ordinal: r.ordinal, offset: r.position, text: r.text }));
}

/**
 * The mind map's Markdown: the outline's headings (bookmarks, or headings found by size), each
 * linked to its page with its most telling sentence; without headings, the document's key sentences.
 */
export async function mindMapOf(deps: Deps, who: Requester, documentId: string): Promise<string> {
  const doc = await findOwnedDocument(deps, who, documentId);
  const chunks = await chunksOf(deps, doc);
  const headings = (doc.outline as AiHeading[] | null) ?? [];
  const index = new Bm25Index(chunks.map((c) => c.text));
  return mindMapMarkdown(doc.title, summarize(index, sectionsOf(chunks, headings), headings.length ? 1 : 6));
}

/** What this server's assistant can do, and the requester's limits and use of them. */
export async function aiConfigOf(deps: Deps, who: Requester): Promise<AiConfigView> {
  const [limits, usage] = await Promise.all([aiLimitsOf(deps, who), aiUsageOf(deps, who)]);
  return { generative: deps.ai !== null, vision: deps.ai?.vision ?? false, limits, usage };
}

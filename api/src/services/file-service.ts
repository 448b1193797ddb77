import fs from 'node:fs/promises';
import { AppError } from '#shared/errors';
import { sniffKind, type FileKind } from '#shared/file-kinds';
import type { Deps } from '#shared/server/deps';
import { randomId } from '#shared/server/ids';
import { TOOLS, getTool } from '#shared/tools';
import type { Requester } from '../middleware/requester';
import { readHead } from '#shared/server/read-head';
import { stripInvisibleCharacters } from '#shared/validation';

const ACCEPTED_ANYWHERE = new Set<FileKind>(TOOLS.flatMap((t) => [...t.accepts]));

/** Browsers send names as latin1 in multipart headers; recover UTF-8 names and strip path parts. */
export function cleanFileName(raw: string): string {
  const utf8 = Buffer.from(raw, 'latin1').toString('utf8');
  const name = stripInvisibleCharacters((utf8.includes('\uFFFD') ? raw : utf8).split(/[\\/]/).pop()!).trim();
  return (name || 'file').slice(0, 200);
}

export interface UploadedFile {
  tmpPath: string;
  originalName: string;
}

/** Checks an uploaded temp file by its bytes, moves it into the store and records it. */
export async function storeUpload(deps: Deps, who: Requester, upload: UploadedFile, toolType?: string) {
  try {
    const name = cleanFileName(upload.originalName);
    const size = (await fs.stat(upload.tmpPath)).size;
    if (size === 0) throw new AppError('FILE_EMPTY', `${name}: 0 bytes`);
    const kind = sniffKind(await readHead(upload.tmpPath), name);
    const tool = toolType ? getTool(toolType) : undefined;
    if (toolType && !tool) throw new AppError('ILLEGAL_INPUT', `unknown toolType ${toolType}`);
    const accepted = tool ? new Set<FileKind>([...tool.accepts, ...(tool.attachments?.kinds ?? [])]) : ACCEPTED_ANYWHERE;
    if (!kind || !accepted.has(kind)) throw new AppError('UNSUPPORTED_TYPE', `sniffed ${kind ?? 'unknown'} for ${name}`);
    const token = randomId(32);
    await deps.store.putFromPath(token, upload.tmpPath);
    const now = deps.now();
    return await deps.db.file.create({
      data: {
        token,
        name,
        kind,
        size: BigInt(size),
        storageKey: token,
        role: 'INPUT',
        userId: who.userId,
        visitorId: who.visitorId,
        createdAt: now,
        expiresAt: new Date(now.getTime() + deps.env.FILE_RETENTION_MINUTES * 60_000),
      },
    });
  } finally {
    await fs.rm(upload.tmpPath, { force: true });
  }
}

/** Deleted, or past its retention: the sweep may not have run yet, but the file is no longer served. */
export const isGone = (deps: Deps, file: { deletedAt: Date | null; expiresAt: Date }) => file.deletedAt !== null || file.expiresAt <= deps.now();

/**
 * A file the requester owns; someone else's token is simply not found. An output belongs to whoever
 * owns its task: a task adopted at sign-in while it ran still has outputs stamped with the visitor.
 */
export async function findOwnedFile(deps: Deps, who: Requester, token: string) {
  const file = await deps.db.file.findUnique({ where: { token }, include: { task: { select: { userId: true, visitorId: true } } } });
  if (!file || !ownsRow(who, file.task ?? file)) throw new AppError('FILE_NOT_FOUND', `file ${token}`);
  if (isGone(deps, file)) throw new AppError('FILE_EXPIRED', `file ${token}`);
  return file;
}

/**
 * A row with a user belongs to that user alone (their session, not the browser's visitor id, which
 * whoever uses the browser next also carries); a row without one belongs to its visitor.
 */
export function ownsRow(who: Requester, row: { userId: string | null; visitorId: string | null }): boolean {
  if (row.userId !== null) return row.userId === who.userId;
  return row.visitorId !== null && row.visitorId === who.visitorId;
}

/** The same ownership as a database filter: a user's rows, or a visitor's rows that no user owns. */
export const ownedRowsWhere = (who: Requester) => (who.userId ? { userId: who.userId } : { userId: null, visitorId: who.visitorId });

import fs from 'node:fs/promises';
import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { AppError } from '#shared/errors';
import type { Env } from '#shared/env';
import { unstorableTextProblems } from '#shared/field-problems';
import { InvalidInputError } from '../presenters/error-presenter';

/** Multipart overhead allowed on top of the file itself before the request is refused unread. */
const ENVELOPE_BYTES = 64 * 1024;
/** How much of a request's body is ever read, in caps: past it the socket is cut. */
const READ_CAPS = 4;

/** Cuts the connection once a request's body passes `maxBytes`, whoever is reading it. */
function capBody(req: Request, maxBytes: number): void {
  let seen = 0;
  req.on('data', (chunk: Buffer) => {
    seen += chunk.length;
    if (seen > maxBytes) req.socket.destroy();
  });
}

/** Whether the client keeps the connection open after the answer (HTTP/1.1 unless it says close; HTTP/1.0 only if it asks). */
function keepsAlive(req: Request): boolean {
  const connection = String(req.headers.connection ?? '').toLowerCase();
  return req.httpVersion === '1.0' ? connection.includes('keep-alive') : !connection.includes('close');
}

/**
 * Reads the rest of a refused upload's body and throws it away (never held), up to READ_CAPS times
 * its cap, past which the connection is cut. Resolves when the refusal may be answered: at once when
 * the connection stays open after the answer, else only at the body's end. Node closes a
 * `Connection: close` request's socket as soon as it is answered, and a socket closed with unread
 * bytes resets, which drops the answer of a client that sends its whole body before reading
 * (Python's urllib, many SDKs).
 */
export function discardBody(req: Request, capBytes: number): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  capBody(req, capBytes * READ_CAPS);
  req.resume();
  if (keepsAlive(req)) return Promise.resolve();
  return new Promise((resolve) => {
    req.once('end', resolve);
    req.once('close', resolve);
  });
}

/**
 * Streams the single multipart field `file` to disk (never whole in memory) and stops at the cap.
 * A request that announces more than the cap is refused without storing a byte. The cap is the
 * server's upload limit unless the route has its own (the AI assistant's follows the plan).
 */
export function singleFileUpload(env: Env, maxMb = env.MAX_UPLOAD_MB) {
  const maxBytes = maxMb * 1024 * 1024;
  const parse = multer({
    dest: env.tmpDir,
    limits: { fileSize: maxBytes, files: 1, fields: 8, fieldSize: 1024, parts: 10 },
  }).single('file');

  return (req: Request, res: Response, next: NextFunction) => {
    const announced = Number(req.headers['content-length'] ?? 0);
    if (announced > maxBytes + ENVELOPE_BYTES) {
      void discardBody(req, maxBytes).then(() => next(new AppError('FILE_TOO_LARGE', `content-length ${announced}`)));
      return;
    }
    // Past the file's cap multer reads the rest of the body before answering; this bounds that.
    capBody(req, maxBytes * READ_CAPS);
    parse(req, res, (err: unknown) => {
      if (!err) return req.file ? refuseUnstorableFields(req, next) : next(new AppError('UPLOAD_FAILED', 'no file field'));
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('FILE_TOO_LARGE', err.message));
        if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') return next(new AppError('SINGLE_FILE_ONLY', err.message));
        return next(new AppError('ILLEGAL_INPUT', err.message));
      }
      next(new AppError('UPLOAD_FAILED', String(err)));
    });
  };
}

/** A form's fields are read only now, after the request-wide check (refuseUnstorableText): the same rule, and the stored file goes. */
function refuseUnstorableFields(req: Request, next: NextFunction) {
  const problems = unstorableTextProblems(req.body);
  if (problems.length === 0) return next();
  void fs.rm(req.file!.path, { force: true }).then(() => next(new InvalidInputError(problems)));
}

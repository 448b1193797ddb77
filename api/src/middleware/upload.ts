import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { AppError } from '#shared/errors';
import type { Env } from '#shared/env';

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

/**
 * Reads the rest of a refused request's body and throws it away (never held); resolves at its end.
 * Answering only then is what lets the answer (413, 429) reach a client that sends its whole body
 * before reading (Python's urllib, many SDKs): Node closes the connection once it has answered a
 * `Connection: close` request, and a socket closed with unread bytes resets, which drops the answer
 * the client has not read yet. Past `maxBytes` it stops reading and answers on a closing connection.
 */
export function discardBody(req: Request, res: Response, maxBytes: number): Promise<void> {
  if (req.complete || req.destroyed) return Promise.resolve();
  return new Promise((resolve) => {
    let seen = 0;
    const done = () => {
      req.off('data', onData);
      resolve();
    };
    const onData = (chunk: Buffer) => {
      seen += chunk.length;
      if (seen <= maxBytes) return;
      req.pause();
      res.setHeader('Connection', 'close');
      done();
    };
    req.on('data', onData);
    req.once('end', done);
    req.once('close', done);
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
      void discardBody(req, res, maxBytes * READ_CAPS).then(() => next(new AppError('FILE_TOO_LARGE', `content-length ${announced}`)));
      return;
    }
    // Past the file's cap multer reads the rest of the body before answering; this bounds that.
    capBody(req, maxBytes * READ_CAPS);
    parse(req, res, (err: unknown) => {
      if (!err) return req.file ? next() : next(new AppError('UPLOAD_FAILED', 'no file field'));
      if (err instanceof multer.MulterError) {
        if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('FILE_TOO_LARGE', err.message));
        if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') return next(new AppError('SINGLE_FILE_ONLY', err.message));
        return next(new AppError('ILLEGAL_INPUT', err.message));
      }
      next(new AppError('UPLOAD_FAILED', String(err)));
    });
  };
}

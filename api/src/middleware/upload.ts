import type { NextFunction, Request, Response } from 'express';
import multer from 'multer';
import { AppError } from '#shared/errors';
import type { Env } from '#shared/env';

/** Multipart overhead allowed on top of the file itself before the request is refused unread. */
const ENVELOPE_BYTES = 64 * 1024;

/**
 * Streams the single multipart field `file` to disk (never whole in memory) and stops at the cap.
 * A request that announces more than the cap is refused before a byte is read. The cap is the
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
      res.setHeader('Connection', 'close');
      return next(new AppError('FILE_TOO_LARGE', `content-length ${announced}`));
    }
    parse(req, res, (err: unknown) => {
      if (!err) return req.file ? next() : next(new AppError('UPLOAD_FAILED', 'no file field'));
      if (err instanceof multer.MulterError) {
        res.setHeader('Connection', 'close');
        if (err.code === 'LIMIT_FILE_SIZE') return next(new AppError('FILE_TOO_LARGE', err.message));
        if (err.code === 'LIMIT_FILE_COUNT' || err.code === 'LIMIT_UNEXPECTED_FILE') return next(new AppError('SINGLE_FILE_ONLY', err.message));
        return next(new AppError('ILLEGAL_INPUT', err.message));
      }
      next(new AppError('UPLOAD_FAILED', String(err)));
    });
  };
}

import type { Request, Response } from 'express';
import type { Deps } from '#shared/server/deps';
import { answerRange } from '../services/byte-range';

/**
 * Streams a stored file of `size` bytes, or the one range the request asks for, from either file
 * store; the caller has set its type and disposition. A file that cannot be read once its headers
 * are out cuts the connection: the client sees a broken download, never a short one.
 */
export function sendStored(deps: Deps, req: Request, res: Response, key: string, size: number): void {
  const answer = answerRange(req.headers.range, size);
  res.status(answer.status).set(answer.headers);
  if (answer.status === 416) {
    res.end();
    return;
  }
  const stream = deps.store.read(key, answer.range);
  stream.on('error', () => res.destroy());
  stream.pipe(res);
}

/** The first bytes of a stored file: enough to tell a picture's type. */
export async function headOf(deps: Deps, key: string): Promise<Buffer> {
  const parts: Buffer[] = [];
  for await (const part of deps.store.read(key, { start: 0, end: 63 })) parts.push(part as Buffer);
  return Buffer.concat(parts);
}

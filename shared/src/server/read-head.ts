import { open } from 'node:fs/promises';

/** The first `bytes` bytes of a file (fewer when it is shorter): enough to tell its kind by its magic bytes. */
export async function readHead(file: string, bytes = 4096): Promise<Buffer> {
  const handle = await open(file, 'r');
  try {
    const buf = Buffer.alloc(bytes);
    const { bytesRead } = await handle.read(buf, 0, bytes, 0);
    return buf.subarray(0, bytesRead);
  } finally {
    await handle.close();
  }
}

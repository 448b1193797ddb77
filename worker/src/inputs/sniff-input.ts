import { AppError } from '#shared/errors';
import { sniffKind, type FileKind } from '#shared/file-kinds';
import { readHead } from '#shared/server/read-head';
import type { InputFile } from '../contract/processor';

/**
 * An input's kind, decided again from its bytes (and, for containers, its name) as at upload: an
 * engine is only ever handed what the tool takes. Anything else is UNSUPPORTED_TYPE.
 */
export async function sniffInput<K extends FileKind>(input: InputFile, accepts: readonly K[]): Promise<K> {
  const kind = sniffKind(await readHead(input.path), input.name);
  if (!kind || !(accepts as readonly FileKind[]).includes(kind)) {
    throw new AppError('UNSUPPORTED_TYPE', `${input.name}: sniffed ${kind ?? 'nothing'}, the tool takes ${accepts.join(', ')}`);
  }
  return kind as K;
}

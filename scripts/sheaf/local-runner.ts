import fs from 'node:fs/promises';
import os from 'node:os';
import path from 'node:path';
import { parseProcessorConfig } from '#shared/env';
import { ERRORS } from '#shared/errors';
import type { ToolDefinition, ToolId } from '#shared/tools';
import { PROCESSORS } from '../../worker/src/processors';
import { classifyFailure } from '../../worker/src/sandbox/host-runtime';
import type { Runner } from './runner';
import { TaskFailure } from './runner';

/** Moves a file, or copies it when the destination is on another disk than the temp dir. */
async function moveFile(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EXDEV') throw e;
    await fs.copyFile(from, to);
  }
}

/**
 * Runs the worker's own processors in this process, one task after another (or a few at once),
 * with the settings the worker would hand them. No database, no queue, no upload limit: the files
 * never leave the disk they are on.
 */
export function localRunner(tool: ToolDefinition, options: Record<string, unknown>, env: NodeJS.ProcessEnv): Runner {
  const config = parseProcessorConfig(env);
  const processor = PROCESSORS[tool.id as ToolId];
  return {
    async run(job, ctx) {
      const workDir = await fs.mkdtemp(path.join(os.tmpdir(), 'sheaf-cli-'));
      const dispose = () => fs.rm(workDir, { recursive: true, force: true });
      try {
        const inputs = [];
        for (const [i, input] of job.inputs.entries()) {
          if (!input.kind) throw new TaskFailure(ERRORS.UNSUPPORTED_TYPE.message, 'UNSUPPORTED_TYPE');
          // A link under a plain name, as the worker's private copy is: no copy of a 2 GB scan, and
          // engines never see the user's path (spaces, quotes, a leading dash).
          const local = path.join(workDir, `in-${i}${path.extname(input.name) || '.' + input.kind}`);
          await fs.symlink(input.path, local);
          inputs.push({ path: local, name: input.name, kind: input.kind });
        }
        const result = await processor({ inputs, options, workDir, config, signal: ctx.signal, progress: async (f) => ctx.progress(f) });
        return { outputs: result.outputs.map((o) => ({ name: o.name, save: (dest: string) => moveFile(o.path, dest) })), dispose };
      } catch (e) {
        await dispose();
        if (e instanceof TaskFailure) throw e;
        const failure = classifyFailure(e);
        const code = failure.code ?? 'TASK_FAILED';
        throw new TaskFailure(
          failure.code ? failure.message : ERRORS.TASK_FAILED.message,
          code,
          code === 'TASK_FAILED' ? failure.detail : undefined,
        );
      }
    },
    async close() {
      await Promise.all([
        import('../../worker/src/engines/chromium').then((m) => m.closeBrowser()),
        import('../../worker/src/engines/soffice-pool').then((m) => m.closeSofficePool()),
      ]);
    },
  };
}

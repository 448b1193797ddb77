import { AppError, isAppError } from '#shared/errors';
import type { Processor } from '../contract/processor';
import { reportHostMetricsTo } from '../engines/host-metrics';
import type { FromHost, HostFailure, ToHost } from './protocol';

const CLOSE_ENGINES_MS = 5000;
/** Error codes of the system calls that fail for a moment rather than for this input. */
const TRANSIENT_ERRNO = new Set(['EAGAIN', 'EMFILE', 'ENFILE', 'ENOSPC', 'ENOMEM', 'EBUSY', 'ECONNRESET', 'ECONNREFUSED']);
/** Messages of engines that died under us (not because of the file): another attempt may pass. */
const TRANSIENT_MESSAGE = /SofficeStartError|Target (page, context or browser )?(has been )?closed|browser has disconnected/i;

/**
 * What a processor's exception means. Anything thrown by processor code is a property of the input
 * (the same file fails the same way), so it is final; only faults of the machine are worth a retry.
 * Libraries' own words for hopeless input become the catalogue's specific messages.
 */
export function classifyFailure(e: unknown): HostFailure {
  if (isAppError(e)) return { code: e.code, message: e.message, detail: e.detail, transient: false };
  const text = e instanceof Error ? `${e.name}: ${e.message}` : String(e);
  const errno = (e as NodeJS.ErrnoException | undefined)?.code;
  if ((errno && TRANSIENT_ERRNO.has(errno)) || TRANSIENT_MESSAGE.test(text)) return { message: text, detail: text, transient: true };
  const known = knownInputError(text);
  if (known) return { code: known.code, message: known.message, detail: text, transient: false };
  return { code: 'TASK_FAILED', message: new AppError('TASK_FAILED').message, detail: text, transient: false };
}

function knownInputError(text: string): AppError | undefined {
  if (/exceeds pixel limit|pixel limit exceeded|image (is )?too large|maxImageSize/i.test(text)) return new AppError('IMAGE_TOO_LARGE', text);
  if (/circular reference|loop in (the )?pages? tree|pages tree.*loop|loop.*pages tree|Pages tree contains/i.test(text)) return new AppError('PDF_PAGE_TREE_BROKEN', text);
  if (/Maximum call stack size exceeded|Array buffer allocation failed|Invalid (typed )?array length|Invalid string length/i.test(text)) return new AppError('FILE_TOO_COMPLEX', text);
  return undefined;
}

/**
 * The child side of a task host: runs one processor at a time for the worker over IPC. The worker
 * owns time and memory: it kills this process (and everything it started) when either runs out, so
 * nothing here needs to be interruptible.
 */
export function runHost<Options>(processors: Record<string, Processor<Options>>, closeEngines: () => Promise<unknown>): void {
  const send = (message: FromHost) => process.send?.(message);
  reportHostMetricsTo((metric) => send({ type: 'metric', metric }));
  // The worker went away (stopped or killed): nobody is waiting for the result. The warm engines
  // (LibreOffice, Chromium) are this process's children and would outlive it: stop them first.
  process.on('disconnect', () => {
    setTimeout(() => process.exit(0), CLOSE_ENGINES_MS).unref();
    void closeEngines().finally(() => process.exit(0));
  });
  // A library's stray rejection after its caller moved on must not kill the job that is running.
  process.on('unhandledRejection', (reason) => console.error('[task-host] unhandled rejection', reason));

  process.on('message', async (message: ToHost) => {
    if (message.type !== 'run') return;
    const { job } = message;
    try {
      const processor = processors[job.tool];
      if (!processor) throw new AppError('TOOL_UNAVAILABLE', job.tool);
      const result = await processor({
        inputs: job.inputs,
        // Parsed at the API's edge by the tool's own schema, then carried as JSON.
        options: job.options as Options,
        workDir: job.workDir,
        config: job.config,
        // Never aborted from inside: the worker stops a job by killing this process.
        signal: new AbortController().signal,
        progress: async (fraction) => void send({ type: 'progress', fraction }),
      });
      send({ type: 'done', outputs: result.outputs, notice: result.notice, report: result.report, noticeParams: result.noticeParams });
    } catch (e) {
      send({ type: 'failed', failure: classifyFailure(e) });
    }
  });
  send({ type: 'ready' });
}

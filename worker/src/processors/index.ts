import { TASK_TOOLS, type Tool, type ToolId } from '#shared/tools';
import { refusePastPageLimit } from '../inputs/page-count';
import type { Processor, ProcessorContext, ToolOptions, ToolProcessor } from '../contract/processor';

/** What the task host runs for a job: the job's options, parsed at the API's edge by the tool's own schema. */
export type JobProcessor = Processor<unknown>;

/**
 * A built tool's processor: by convention the default export of `./<tool id>.ts`, made by
 * `defineProcessor` with that very declaration (tests/unit/registry.test.ts loads every one).
 */
export async function loadProcessor<T extends Tool>(tool: T): Promise<ToolProcessor<T>> {
  const { default: processor }: { default?: ToolProcessor<T> } = await import(/* @vite-ignore */ `./${tool.id}.ts`);
  if (processor?.tool !== tool) {
    throw new Error(`worker/src/processors/${tool.id}.ts must export default defineProcessor(<the ${tool.id} declaration>, …)`);
  }
  return processor;
}

/**
 * A processor whose module loads on its first call: a task host starts in a fraction of a second
 * and holds only the libraries of the tools it has run (pdf.js, LibreOffice glue, OCR are heavy).
 * Inputs past the tool's page limit are refused first, for every tool alike.
 */
function lazy<T extends Tool>(tool: T): JobProcessor {
  let loaded: Promise<ToolProcessor<T>> | undefined;
  return async (ctx) => {
    await refusePastPageLimit(tool, ctx.inputs, ctx.options, ctx.signal);
    loaded ??= loadProcessor(tool);
    const { run } = await loaded;
    // The one place options lose their type: a job carries them as JSON, parsed by this tool's schema when the API took the request.
    return run(ctx as ProcessorContext<ToolOptions<T>>);
  };
}

/** Every tool of the registry, each by its processor module (the API refuses a tool not built before a job is queued). */
export const PROCESSORS = Object.fromEntries(TASK_TOOLS.map((tool) => [tool.id, lazy(tool)])) as Record<ToolId, JobProcessor>;

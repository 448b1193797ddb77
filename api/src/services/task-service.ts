import { z } from 'zod';
import { ZConversionRequestBase } from '#shared/conversion-request';
import { AppError, ERRORS, type ErrorCode } from '#shared/errors';
import type { FileKind } from '#shared/file-kinds';
import type { Deps } from '#shared/server/deps';
import { laneOf, type TaskLane } from '#shared/server/jobs';
import { log } from '#shared/server/logger';
import { queueTask } from '#shared/server/task-handoff';
import { getTool, maxFilesOf, pageLimitOf, tooManyPages, TOOLS, type ToolDefinition } from '#shared/tools';
import type { Requester } from '../middleware/requester';
import { InvalidInputError, invalidField, invalidInput } from '../presenters/error-presenter';
import { takeQuestion } from './ai/ai-limits';
import { assertMayUseProFeatures } from './billing/pro-feature-service';
import { countConversion } from './billing/usage-service';
import { availableEngines } from './engine-service';
import { findOwnedFile, ownedRowsWhere, ownsRow } from './file-service';
import { assertMaySeal, openSigningAudit } from './signing-audit-service';
import { checkFetchableUrl } from './fetchable-url';
import { checkWebhookUrl } from './webhook-service';

const BASE_KEYS = new Set(Object.keys(ZConversionRequestBase.shape));

/** Splits a raw conversion request into the common fields and the tool's parsed options. */
export function parseConversionRequest(body: unknown): { base: z.infer<typeof ZConversionRequestBase>; tool: ToolDefinition; options: Record<string, unknown> } {
  if (typeof body !== 'object' || body === null || Array.isArray(body)) throw invalidField('body', 'The request body must be a JSON object');
  const raw = body as Record<string, unknown>;
  const baseFields = Object.fromEntries(Object.entries(raw).filter(([k]) => BASE_KEYS.has(k)));
  const base = ZConversionRequestBase.safeParse(baseFields);
  if (!base.success) throw invalidInput(ZConversionRequestBase, base.error, baseFields);
  const tool = getTool(base.data.toolType);
  if (!tool) {
    const ids = (TOOLS as readonly ToolDefinition[]).filter((t) => t.built).map((t) => t.id);
    throw invalidField('toolType', `toolType must be the id of a tool, one of ${ids.join(', ')}`, ids);
  }
  const toolKeys = new Set(Object.keys(tool.options.shape));
  const unknown = Object.keys(raw).filter((k) => !BASE_KEYS.has(k) && !toolKeys.has(k));
  if (unknown.length) {
    const own = [...toolKeys].join(', ') || 'none';
    throw new InvalidInputError(unknown.map((field) => ({ field, message: `${field} is not an option of ${tool.id} (its options: ${own})` })));
  }
  const fields = Object.fromEntries(Object.entries(raw).filter(([k]) => toolKeys.has(k)));
  const options = tool.options.safeParse(fields);
  if (!options.success) {
    // A refinement may name the error code to answer with (INVALID_PAGES, PASSWORD_EMPTY...).
    const named = options.error.issues.map((i) => i.message).find((m): m is ErrorCode => m in ERRORS);
    if (named) throw new AppError(named, options.error.message);
    throw invalidInput(tool.options, options.error, fields);
  }
  return { base: base.data, tool, options: options.data as Record<string, unknown> };
}

function inputTokens(base: { token?: string; urls?: string }): string[] {
  const list = base.urls !== undefined ? base.urls.split(';') : base.token !== undefined ? [base.token] : [];
  return list.map((t) => t.trim()).filter(Boolean);
}

function checkFileCount(tool: ToolDefinition, count: number, config: Deps['env']) {
  if (count < tool.minFiles) {
    if (tool.minFiles >= 2) throw new AppError('TOO_FEW_FILES', `${count} files for ${tool.id}`);
    throw invalidField('token', `token is required: ${tool.id} works on an uploaded file, named by the token its upload answered`);
  }
  const max = maxFilesOf(tool, config);
  if (count > max) throw new AppError(max === 1 ? 'SINGLE_FILE_ONLY' : 'TOO_MANY_FILES', `${count} files for ${tool.id}`);
}

/**
 * A PDF whose pages were counted already (its thumbnails were asked for) is refused here, with no
 * job queued; the worker counts the others before it starts.
 */
function refuseKnownPastPageLimit(tool: ToolDefinition, options: Record<string, unknown>, files: ReadonlyArray<{ pages: number | null }>) {
  const max = pageLimitOf(tool, options);
  const known = files.reduce((sum, f) => sum + (f.pages ?? 0), 0);
  if (max !== undefined && known > max) throw tooManyPages(max, known);
}

/** Checks a conversion request end to end, records the Task and enqueues its job. `ip`: the request's address, for the signing audit. */
export async function createTask(deps: Deps, who: Requester, body: unknown, ip?: string) {
  // A tool still being built says so, whatever else the request holds (its options may not be settled yet).
  const named = typeof body === 'object' && body !== null ? getTool(String((body as { toolType?: unknown }).toolType)) : undefined;
  if (named && !named.built) throw new AppError('TOOL_UNAVAILABLE', named.id);
  // Refused here rather than failing in the worker: without a model there is nothing to write with.
  if (named?.generative && !deps.ai) throw new AppError('AI_NOT_CONFIGURED', named.id);
  const { base, tool, options } = parseConversionRequest(body);
  const webhookUrl = await checkWebhookUrl(deps, who, base.webhookUrl);
  const fetched = tool.fetches?.(options as never);
  if (fetched !== undefined) await checkFetchableUrl(deps, fetched, `${tool.id} url`);
  await assertMayUseProFeatures(deps, who, options);
  assertMaySeal(deps, options);
  const engines = await availableEngines(deps);
  if (engines && tool.engines.some((e) => !engines[e])) throw new AppError('TOOL_UNAVAILABLE', `${tool.id}: engine missing`);

  const tokens = inputTokens(base);
  checkFileCount(tool, tokens.length, deps.env);
  const files = [];
  for (const token of tokens) {
    const file = await findOwnedFile(deps, who, token);
    if (!tool.accepts.includes(file.kind as FileKind)) throw new AppError('UNSUPPORTED_TYPE', `${file.kind} for ${tool.id}`);
    files.push(file);
  }
  refuseKnownPastPageLimit(tool, options, files);
  const attached = tool.attachments?.tokens(options as never) ?? [];
  for (const token of attached) {
    const file = await findOwnedFile(deps, who, token);
    if (!tool.attachments!.kinds.includes(file.kind as FileKind)) throw new AppError('UNSUPPORTED_TYPE', `${file.kind} attached to ${tool.id}`);
  }
  await assertFewRunning(deps, who);
  // The Free plan's daily limit counts a conversion here, where every task starts and once the request
  // is known to be sound: a refused request (bad input, a Pro feature) uses none of the day's. A
  // generative tool (translate-pdf) is an AI use: it takes one of the day's AI questions instead.
  if (tool.generative) await takeQuestion(deps, who);
  else if (who.userId) await countConversion(deps, who.userId);

  const task = await deps.db.task.create({
    data: {
      tool: tool.id,
      name: files[0]?.name ?? (typeof options.url === 'string' ? options.url : tool.id),
      options: options as object,
      inputTokens: [...tokens, ...attached],
      userId: who.userId,
      visitorId: who.visitorId,
      apiKeyId: who.apiKeyId,
      webhookUrl,
      createdAt: deps.now(),
    },
  });
  if (tool.audited) await openSigningAudit(deps, task.id, who, ip, body);
  await handOff(deps, task, laneOf(tool, files));
  return task;
}

/** How long a request waits for Redis to take a task's job before answering with the task all the same. */
const HANDOFF_WAIT_MS = 2000;

/**
 * Queues the job of a task just recorded. From the row on, the task is promised: should Redis fail
 * or stall here, the answer is still the task (it says Doing), and the job comes from this add once
 * Redis is back or from the workers' lost-task check. An error instead would invite a retry that
 * runs, and counts against the day's limit, a second time.
 */
async function handOff(deps: Deps, task: { id: string; tool: string }, lane: TaskLane) {
  const added = queueTask(deps, task, lane);
  added.catch(() => undefined);
  let timer: NodeJS.Timeout | undefined;
  const late = new Promise<'late'>((resolve) => (timer = setTimeout(resolve, HANDOFF_WAIT_MS, 'late')));
  try {
    if ((await Promise.race([added, late])) === 'late') log.warn('task recorded, its job not queued yet', { taskId: task.id, waitedMs: HANDOFF_WAIT_MS });
  } catch (e) {
    log.warn('task recorded, its job not queued', { taskId: task.id, error: String(e) });
  } finally {
    clearTimeout(timer);
  }
}

/** Past this, a task that still says Doing is stuck (a lost job), not running: it no longer counts against its owner. */
const RUNNING_AT_MOST_MS = 3600_000;

/** TASKS_PER_USER: a requester with that many tasks waiting or running starts no other (TASKS_RUNNING). */
async function assertFewRunning(deps: Deps, who: Requester) {
  const since = new Date(deps.now().getTime() - RUNNING_AT_MOST_MS);
  const running = await deps.db.task.count({ where: { ...ownedRowsWhere(who), status: 'DOING', createdAt: { gte: since } } });
  if (running >= deps.env.TASKS_PER_USER) throw new AppError('TASKS_RUNNING', `${running} tasks in progress`);
}

/** Tasks waiting for a worker across the task queues (a paused queue's too). */
export async function waitingTasks(deps: Deps): Promise<number> {
  const counts = await Promise.all([deps.tasks, deps.quickTasks].map((q) => q.getWaitingCount()));
  return counts.reduce((a, b) => a + b, 0);
}

/** A task of the requester's; `missing` is what to answer when there is none (the zip of its outputs answers FILE_NOT_FOUND). */
export async function findOwnedTask(deps: Deps, who: Requester, id: string, missing: 'TASK_NOT_FOUND' | 'FILE_NOT_FOUND' = 'TASK_NOT_FOUND') {
  const task = await deps.db.task.findUnique({ where: { id }, include: { outputs: { orderBy: { createdAt: 'asc' } } } });
  if (!task || task.removedAt || !ownsRow(who, task)) throw new AppError(missing, `task ${id}`);
  return task;
}

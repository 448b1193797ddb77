import type { Deps } from '#shared/server/deps';
import type { OcrEngineKind } from '#shared/env';
import { ENGINES_KEY, OCR_ENGINE_KEY, WORKER_STALE_MS, workersKey } from '#shared/server/redis';
import { TOOLS, type EngineName, type ToolDefinition } from '#shared/tools';

/** The engines the workers found at boot, or null when no worker has reported yet. */
export async function availableEngines(deps: Deps): Promise<Partial<Record<EngineName, boolean>> | null> {
  const raw = await deps.redis.get(ENGINES_KEY);
  return raw ? (JSON.parse(raw) as Partial<Record<EngineName, boolean>>) : null;
}

/** The OCR engine the workers chose at boot, or null when no worker has reported yet. */
export async function ocrEngine(deps: Deps): Promise<OcrEngineKind | null> {
  const raw = await deps.redis.get(OCR_ENGINE_KEY);
  return raw === 'native' || raw === 'wasm' ? raw : null;
}

/** Whether a worker beat recently (`ok`), only long ago (`stale`: frozen or dead) or never (`none`). */
export async function workerStatus(deps: Deps): Promise<'ok' | 'stale' | 'none'> {
  const key = workersKey(deps.env.QUEUE_PREFIX);
  const [fresh, any] = await Promise.all([deps.redis.zcount(key, Date.now() - WORKER_STALE_MS, '+inf'), deps.redis.zcard(key)]);
  return fresh > 0 ? 'ok' : any > 0 ? 'stale' : 'none';
}

/** Each tool a transfer names, and whether it runs here: built, and no engine it needs missing (as a transfer checks it). */
export async function toolsOnThisServer(deps: Deps) {
  const engines = await availableEngines(deps);
  return (TOOLS as readonly ToolDefinition[]).map((tool) => ({
    id: tool.id,
    available: tool.built && !(engines && tool.engines.some((e) => !engines[e])),
    minFiles: tool.minFiles,
    maxFiles: tool.maxFiles,
    accepts: [...tool.accepts],
  }));
}

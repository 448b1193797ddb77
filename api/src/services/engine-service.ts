import type { Deps } from '../../../shared/src/server/deps';
import { ENGINES_KEY } from '../../../shared/src/server/redis';
import type { EngineName } from '../../../shared/src/tools';

/** The engines the workers found at boot, or null when no worker has reported yet. */
export async function availableEngines(deps: Deps): Promise<Partial<Record<EngineName, boolean>> | null> {
  const raw = await deps.redis.get(ENGINES_KEY);
  return raw ? (JSON.parse(raw) as Partial<Record<EngineName, boolean>>) : null;
}

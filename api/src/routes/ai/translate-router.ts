import type { Deps } from '#shared/server/deps';
import { presentTask } from '#shared/task-answer';
import { startTranslation } from '../../services/ai/translate-service';
import type { Handlers } from '../endpoint-router';

/** Translate (generative): a document's PDF into a language, answered like a transfer and followed with transferProgress. */
export function translateHandlers(deps: Deps): Handlers<'translate'> {
  return {
    translate: async ({ who, body }) => presentTask({ ...(await startTranslation(deps, who, body)), outputs: [] }),
  };
}

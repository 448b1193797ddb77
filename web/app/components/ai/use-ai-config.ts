import { useEffect, useState } from 'react';
import type { AiConfigView } from '#shared/ai/api';
import { aiApi } from '~/lib/ai-api';
import { useRootData } from '~/lib/root-data';
import { useAuthActions, useUser } from '~/stores/auth-provider';

/** What this server's assistant can do for the requester; undefined until known (or when the call fails). */
export function useAiConfig(): AiConfigView | undefined {
  const user = useUser();
  const [config, setConfig] = useState<AiConfigView>();
  const { callContext } = useAuthActions();
  const signedIn = user.signedIn;
  useEffect(() => {
    let live = true;
    aiApi.config(callContext()).then(
      (found) => live && setConfig(found),
      () => undefined,
    );
    return () => {
      live = false;
    };
    // Asked again when the requester signs in or out: the limits and usage are theirs.
  }, [callContext, signedIn]);
  return config;
}

/**
 * Whether an AI provider writes answers here: the requester's configuration says so once loaded, the
 * page's server before that, so the notice shown without one neither pops in nor out after the first paint.
 */
export function useGenerativeAi(config: AiConfigView | undefined): boolean {
  const configured = useRootData()?.generativeAi ?? false;
  return config?.generative ?? configured;
}

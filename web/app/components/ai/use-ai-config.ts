import { useEffect, useState } from 'react';
import type { AiConfigView } from '#shared/ai/api';
import { aiApi } from '~/lib/ai-api';
import { useAuth } from '~/stores/auth-provider';

/** What this server's assistant can do for the requester; undefined until known (or when the call fails). */
export function useAiConfig(): AiConfigView | undefined {
  const auth = useAuth();
  const [config, setConfig] = useState<AiConfigView>();
  const { callContext } = auth;
  const signedIn = auth.user.signedIn;
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

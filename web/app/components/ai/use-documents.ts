import { useCallback, useEffect, useState } from 'react';
import type { AiDocumentView } from '#shared/ai/api';
import { aiApi } from '~/lib/ai-api';
import { useAuthActions, useUser } from '~/stores/auth-provider';

/** The requester's documents, newest first, asked again after a change. */
export function useDocuments() {
  const user = useUser();
  const { callContext } = useAuthActions();
  const [documents, setDocuments] = useState<AiDocumentView[]>([]);
  const reload = useCallback(() => aiApi.documents(callContext()).then(setDocuments, () => undefined), [callContext]);
  // A visitor's documents become the account's at login: the list is asked for again then.
  useEffect(() => void reload(), [reload, user.signedIn]);
  return { documents, reload };
}


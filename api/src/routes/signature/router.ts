import type { Deps } from '#shared/server/deps';
import { presentSignature } from '../../presenters/signature-presenter';
import { deleteSignature, listSignatures, saveSignature } from '../../services/signature-service';
import type { Handlers } from '../endpoint-router';

/** The signatures a signed-in user keeps on the account (SIGNATURES_PATH): list, save, delete. */
export function signatureHandlers(deps: Deps): Handlers<'listSignatures' | 'saveSignature' | 'deleteSignature'> {
  return {
    listSignatures: async ({ who }) => ({ code: 0, data: (await listSignatures(deps, who.userId!)).map(presentSignature) }),
    saveSignature: async ({ who, body }) => ({ code: 0, data: presentSignature(await saveSignature(deps, who.userId!, body.signature)) }),
    deleteSignature: async ({ who, params }) => {
      await deleteSignature(deps, who.userId!, params.id);
      return { code: 0 };
    },
  };
}

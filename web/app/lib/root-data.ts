import { useRouteLoaderData } from 'react-router';
import type { loader } from '../root';

/** What root's loader found for the whole page (origin, session, chrome settings), if it ran. */
export function useRootData() {
  return useRouteLoaderData<typeof loader>('root');
}

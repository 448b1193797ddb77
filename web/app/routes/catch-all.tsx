import { redirect } from 'react-router';
import { langFromPath, localizePath } from '~/lib/i18n';
import type { Route } from './+types/catch-all';

/** The spec: an unknown route redirects to the home page (of its language). */
export function loader({ request }: Route.LoaderArgs) {
  throw redirect(localizePath('/', langFromPath(new URL(request.url).pathname)));
}

export default function CatchAll() {
  return null;
}

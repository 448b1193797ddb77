import { pageServices } from '~/lib/page-services.server';
import { robotsTxt } from '~/lib/sitemap.server';
import type { Route } from './+types/robots[.]txt';

export function loader({ context }: Route.LoaderArgs) {
  const body = robotsTxt(pageServices(context).config.PUBLIC_URL);
  return new Response(body, { headers: { 'Content-Type': 'text/plain; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}

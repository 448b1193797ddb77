import { pageServices } from '~/lib/page-services.server';
import { sitemapPages, sitemapXml } from '~/lib/sitemap.server';
import type { Route } from './+types/sitemap[.]xml';

// Absolute links come from the configured public origin, never from the request's Host header.
export async function loader({ context }: Route.LoaderArgs) {
  const { blog, config } = pageServices(context);
  const xml = sitemapXml(config.PUBLIC_URL, await sitemapPages(blog));
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}

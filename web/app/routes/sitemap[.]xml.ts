import { pageServices } from '~/lib/page-services.server';
import { publicOrigin, sitemapPages, sitemapXml } from '~/lib/sitemap.server';
import type { Route } from './+types/sitemap[.]xml';

export async function loader({ request, context }: Route.LoaderArgs) {
  const xml = sitemapXml(publicOrigin(request), await sitemapPages(pageServices(context).blog));
  return new Response(xml, { headers: { 'Content-Type': 'application/xml; charset=utf-8', 'Cache-Control': 'public, max-age=3600' } });
}

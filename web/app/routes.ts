import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { toolSlugs } from '../../shared/src/tools';

// Every page exists once per language: English without a prefix, French under /fr.
// The tool pages come from the registry, aliases (/shrink-pdf) included.
export default [
  index('routes/home.tsx', { id: 'home-en' }),
  route('fr', 'routes/home.tsx', { id: 'home-fr' }),
  ...toolSlugs().flatMap(({ slug }) => [
    route(slug, 'routes/tool.tsx', { id: `tool-en-${slug}` }),
    route(`fr/${slug}`, 'routes/tool.tsx', { id: `tool-fr-${slug}` }),
  ]),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;

import { index, route, type RouteConfig } from '@react-router/dev/routes';
import { toolSlugs } from '../../shared/src/tools';

/** A page in both languages: `/path` and `/fr/path`, with ids `<id>-en` and `<id>-fr`. */
const page = (path: string, file: string, id: string) => [route(path, file, { id: `${id}-en` }), route(`fr/${path}`, file, { id: `${id}-fr` })];

// Every page exists once per language: English without a prefix, French under /fr.
// The tool pages come from the registry, aliases (/shrink-pdf) included.
export default [
  index('routes/home.tsx', { id: 'home-en' }),
  route('fr', 'routes/home.tsx', { id: 'home-fr' }),
  ...toolSlugs().flatMap(({ slug }) => [
    route(slug, 'routes/tool.tsx', { id: `tool-en-${slug}` }),
    route(`fr/${slug}`, 'routes/tool.tsx', { id: `tool-fr-${slug}` }),
  ]),
  // /log-in and /sign-up are the same page: the home page under the login popup.
  ...page('log-in', 'routes/log-in.tsx', 'log-in'),
  ...page('sign-up', 'routes/log-in.tsx', 'sign-up'),
  ...page('success-log-in', 'routes/success-log-in.tsx', 'success-log-in'),
  ...page('contact-us', 'routes/contact.tsx', 'contact-us'),
  ...page('contactUs', 'routes/contact.tsx', 'contactUs'),
  ...page('account', 'routes/account.tsx', 'account'),
  ...page('history-tasks', 'routes/history-tasks.tsx', 'history-tasks'),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;

import { index, layout, route, type RouteConfig } from '@react-router/dev/routes';
import { inMenu, toolCatalog, toolSlugs } from '#shared/tools';
import { isEditorKind } from './lib/editor-kind';
import { hasOptions } from './lib/options-tools';
import { FORM_PAGES } from './lib/forms';
import { LEGAL_PAGES } from './lib/legal-pages';

/** A page in both languages: `/path` and `/fr/path`, with ids `<id>-en` and `<id>-fr`. */
const page = (path: string, file: string, id: string) => [route(path, file, { id: `${id}-en` }), route(`fr/${path}`, file, { id: `${id}-fr` })];

// Every page exists once per language: English without a prefix, French under /fr.
// The tool pages come from the registry, aliases (/shrink-pdf, /edit) included.
// Layouts: default (site header and footer, login popup), top (the /app workspace), dark (AI chat);
// the error layout is root's error boundary. Anything else is the not-found page, status 404 (catch-all).
export default [
  // Findability
  route('sitemap.xml', 'routes/sitemap[.]xml.ts'),
  route('robots.txt', 'routes/robots[.]txt.ts'),
  layout('layouts/default.tsx', [
    index('routes/home.tsx', { id: 'home-en' }),
    route('fr', 'routes/home.tsx', { id: 'home-fr' }),
    // Content pages: forms, blog, legal and company pages, /download, /pricing.
    ...page('contact-us', 'routes/contact.tsx', 'contact-us'),
    ...page('contactUs', 'routes/contact.tsx', 'contactUs'),
    ...FORM_PAGES.flatMap((form) => page(form.path.slice(1), 'routes/form.tsx', form.path.slice(1))),
    ...LEGAL_PAGES.flatMap((legal) => [legal.path, ...legal.aliases].flatMap((path) => page(path.slice(1), 'routes/legal.tsx', path.slice(1)))),
    ...page('about-us', 'routes/about.tsx', 'about-us'),
    ...page('download', 'routes/download.tsx', 'download'),
    ...page('pricing', 'routes/pricing.tsx', 'pricing'),
    // The blog: /reduce-pdf/ is its home (a category page); /{blog} sends a path that names no
    // category home, /{blog}/{id} shows the 404 page for an article that does not exist.
    ...page('reduce-pdf', 'routes/blog-category.tsx', 'blog'),
    ...page(':blog', 'routes/blog-category.tsx', 'blog-category'),
    ...page(':blog/:id', 'routes/blog-article.tsx', 'blog-article'),
    // End of content pages.
    // The editors' pages and those of the tools with options are routes of their own: the other
    // tool pages load neither the editor nor the options panels (and their zod schemas).
    ...toolSlugs().flatMap(({ slug, toolId }) => {
      const file = isEditorKind(toolId) ? 'routes/editor-tool.tsx' : hasOptions(toolId) ? 'routes/tool-with-options.tsx' : 'routes/tool.tsx';
      return [route(slug, file, { id: `tool-en-${slug}` }), route(`fr/${slug}`, file, { id: `tool-fr-${slug}` })];
    }),
    // /log-in and /sign-up are the same page: the home page under the login popup.
    ...page('log-in', 'routes/log-in.tsx', 'log-in'),
    ...page('sign-up', 'routes/log-in.tsx', 'sign-up'),
    ...page('success-log-in', 'routes/success-log-in.tsx', 'success-log-in'),
    ...page('account', 'routes/account.tsx', 'account'),
    ...page('history-tasks', 'routes/history-tasks.tsx', 'history-tasks'),
    ...page('ai-pdf', 'routes/ai-pdf.tsx', 'ai-pdf'),
    ...page('pay-fwd', 'routes/pay-fwd.tsx', 'pay-fwd'),
    ...page('success-subscription', 'routes/success-subscription.tsx', 'success-subscription'),
  ]),
  // /app: the same tools as a bare workspace, without the marketing sections.
  layout('layouts/top.tsx', [
    ...page('app', 'routes/app.tsx', 'app'),
    ...page('app/ai-pdf', 'routes/ai-pdf.tsx', 'app-ai-pdf'),
    ...inMenu(toolCatalog(), 'workspace').flatMap(({ id }) => page(`app/${id}`, 'routes/app-tool.tsx', `app-${id}`)),
  ]),
  layout('layouts/dark.tsx', [...page('ai-pdf/chat/:id', 'routes/ai-chat.tsx', 'ai-chat')]),
  route('*', 'routes/catch-all.tsx'),
] satisfies RouteConfig;

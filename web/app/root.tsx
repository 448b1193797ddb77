// First: before any module builds a zod schema.
import '~/lib/zod-jitless';
import { I18nextProvider, useTranslation } from 'react-i18next';
import { Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import { ErrorView } from '~/components/layout/error-view';
import { LoadingMask } from '~/components/layout/loading-mask';
import { Popups } from '~/components/layout/popups';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';
import { Toast } from '~/components/layout/toast';
import { useChunkReload } from '~/hooks/use-chunk-reload';
import { getI18n, langFromPath } from '~/lib/i18n';
import { InlineStyles } from '~/lib/inline-styles';
import { usePageCopy } from '~/lib/page-copy';
import { useRootData } from '~/lib/root-data';
import { rootData } from '~/lib/root-data.server';
import { describeError } from '~/lib/route-errors';
import { AuthProvider } from '~/stores/auth-provider';
import type { Route } from './+types/root';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
];

/** What every page needs from the server (lib/root-data.server.ts, beside the hook that reads it). */
export const loader = ({ request, context }: Route.LoaderArgs) => rootData(request, context);

// None of it changes while the app runs; after the first page the client keeps the session state.
export const shouldRevalidate = () => false;

/** Pages have their own meta; an error page is titled by its status and kept out of search engines. */
export function meta({ error, location }: Route.MetaArgs) {
  if (!error) return [];
  const { t } = getI18n(langFromPath(location.pathname));
  const { status, notFound } = describeError(error);
  return [{ title: notFound ? t('errorPage.notFoundMetaTitle') : t('errorPage.errorMetaTitle', { status }) }, { name: 'robots', content: 'noindex' }];
}

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = langFromPath(useLocation().pathname);
  usePageCopy();
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
        <InlineStyles />
      </head>
      <body>
        <I18nextProvider i18n={getI18n(lang)}>{children}</I18nextProvider>
        <ScrollRestoration />
        <Scripts />
      </body>
    </html>
  );
}

function SkipLink() {
  const { t } = useTranslation();
  return (
    <a className="skip-link" href="#main">
      {t('site.skipToContent')}
    </a>
  );
}

/** What every layout shares: the session state, the skip link, the sign-in mask and the toast. */
export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AuthProvider hasSession={loaderData.hasSession} billingConfigured={loaderData.billingConfigured}>
      <SkipLink />
      <Outlet />
      <LoadingMask />
      <Toast />
    </AuthProvider>
  );
}

/** The error layout: the site's header and footer around the not-found page or the status message. */
export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const root = useRootData();
  const hasSession = root?.hasSession ?? false;
  useChunkReload(error);
  if (describeError(error).status >= 500) console.error(error);

  return (
    <AuthProvider hasSession={hasSession} billingConfigured={root?.billingConfigured ?? false}>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <ErrorView error={error} tools={root?.tools ?? []} />
      </main>
      <SiteFooter />
      <Popups />
      <Toast />
    </AuthProvider>
  );
}

import { I18nextProvider, useTranslation } from 'react-i18next';
import { isRouteErrorResponse, Link, Links, Meta, Outlet, Scripts, ScrollRestoration, useLocation } from 'react-router';
import { LoginPopup } from '~/components/auth/login-popup';
import { LoadingMask } from '~/components/layout/loading-mask';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';
import { Toast } from '~/components/layout/toast';
import { getI18n, langFromPath, localizePath, useLang } from '~/lib/i18n';
import { detectLanguage, hasSessionCookie } from '~/lib/session.server';
import { AuthProvider } from '~/stores/auth-provider';
import type { Route } from './+types/root';
import appCss from './styles/app.css?url';

export const links: Route.LinksFunction = () => [
  { rel: 'icon', href: '/favicon.svg', type: 'image/svg+xml' },
  { rel: 'stylesheet', href: appCss },
];

/**
 * The public origin for canonical and hreflang links (PUBLIC_URL when set, else the request's),
 * whether the request carries a session, and the language detection of the root path.
 */
export function loader({ request }: Route.LoaderArgs) {
  detectLanguage(request);
  const origin = process.env.PUBLIC_URL?.replace(/\/+$/, '') || new URL(request.url).origin;
  return { origin, hasSession: hasSessionCookie(request) };
}

// The origin never changes while the app runs; after the first page the client keeps the session state.
export const shouldRevalidate = () => false;

export function Layout({ children }: { children: React.ReactNode }) {
  const lang = langFromPath(useLocation().pathname);
  return (
    <html lang={lang}>
      <head>
        <meta charSet="utf-8" />
        <meta name="viewport" content="width=device-width, initial-scale=1" />
        <meta name="theme-color" content="#4f46e5" />
        <Meta />
        <Links />
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

export default function App({ loaderData }: Route.ComponentProps) {
  return (
    <AuthProvider hasSession={loaderData.hasSession}>
      <SkipLink />
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <LoginPopup />
      <LoadingMask />
      <Toast />
    </AuthProvider>
  );
}

export function ErrorBoundary({ error }: Route.ErrorBoundaryProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  if (!notFound) console.error(error);

  return (
    <main id="main" className="container error-page">
      <h1>{t(notFound ? 'errorPage.notFoundTitle' : 'errorPage.errorTitle')}</h1>
      <p>{t(notFound ? 'errorPage.notFoundText' : 'errorPage.errorText')}</p>
      <Link className="button button--primary" to={localizePath('/', lang)}>
        {t('errorPage.goHome')}
      </Link>
    </main>
  );
}

import { Outlet } from 'react-router';
import { Popups } from '~/components/layout/popups';
import { SiteFooter } from '~/components/layout/site-footer';
import { SiteHeader } from '~/components/layout/site-header';

/** The default layout: the site header and footer around the page, and the login and payment popups. */
export default function DefaultLayout() {
  return (
    <>
      <SiteHeader />
      <main id="main" tabIndex={-1}>
        <Outlet />
      </main>
      <SiteFooter />
      <Popups />
    </>
  );
}

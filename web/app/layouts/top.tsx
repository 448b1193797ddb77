import { Outlet } from 'react-router';
import { Popups } from '~/components/layout/popups';
import { TopBar } from '~/components/layout/top-bar';

/** The top layout of the /app workspace: a bar of tools above the page, no marketing header or footer. */
export default function TopLayout() {
  return (
    <>
      <TopBar />
      <main id="main" tabIndex={-1} className="workspace-main">
        <Outlet />
      </main>
      <Popups />
    </>
  );
}

import { Outlet } from 'react-router';
import { Popups } from '~/components/layout/popups';
import { TopBar } from '~/components/layout/top-bar';

/** The dark layout of the AI chat: the workspace bar in dark tones around a full-height page. */
export default function DarkLayout() {
  return (
    <div className="theme-dark">
      <TopBar tone="dark" />
      <main id="main" tabIndex={-1} className="workspace-main">
        <Outlet />
      </main>
      <Popups />
    </div>
  );
}

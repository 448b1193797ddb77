import { useTranslation } from 'react-i18next';
import { NavLink } from 'react-router';
import { useAppTools } from '~/lib/app-tools';
import { useLocalize } from '~/lib/i18n';
import { AccountNav } from './account-nav';
import { AiLabel, Logo } from './header-parts';
import { LanguageDialog } from './language-dialog';

/** The bar of the app-like layouts: the logo, the workspace's tools as tabs, language and account. */
export function TopBar({ tone = 'light' }: { tone?: 'light' | 'dark' }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const appTools = useAppTools();

  return (
    <header className={`top-bar top-bar--${tone}`}>
      <div className="top-bar__inner">
        <Logo />
        <div className="top-bar__actions">
          <LanguageDialog />
          <AccountNav />
        </div>
      </div>
      <nav className="top-bar__tabs" aria-label={t('workspace.nav')}>
        <ul>
          <li>
            <NavLink to={localize('/app')} end>
              {t('workspace.home')}
            </NavLink>
          </li>
          {appTools.map(({ id }) => (
            <li key={id}>
              <NavLink to={localize(`/app/${id}`)}>{t(`tools.${id}.name`)}</NavLink>
            </li>
          ))}
          <li>
            <NavLink to={localize('/app/ai-pdf')}>
              <AiLabel />
            </NavLink>
          </li>
        </ul>
      </nav>
    </header>
  );
}

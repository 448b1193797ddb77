import { Link, NavLink } from 'react-router';
import { useTranslation } from 'react-i18next';
import { useLocalize } from '~/lib/i18n';
import { AccountNav } from './account-nav';
import { LanguageSwitch } from './language-switch';

/** Top links of the spec's header; the Convert and More Tools menus come later. */
const HEADER_TOOLS = ['edit-pdf', 'compress-pdf'] as const;

export function SiteHeader() {
  const { t } = useTranslation();
  const localize = useLocalize();

  return (
    <header className="site-header">
      <div className="container site-header__inner">
        <Link to={localize('/')} className="logo" aria-label={t('site.homeLink')}>
          <img src="/favicon.svg" alt="" width={28} height={28} />
          <span>{t('site.name')}</span>
        </Link>
        <nav className="site-nav" aria-label={t('nav.main')}>
          <ul>
            {HEADER_TOOLS.map((id) => (
              <li key={id} className="site-nav__tool">
                <NavLink to={localize(`/${id}`)}>{t(`tools.${id}.name`)}</NavLink>
              </li>
            ))}
            <li>
              <Link to={`${localize('/')}#tools`}>{t('nav.allTools')}</Link>
            </li>
          </ul>
        </nav>
        <LanguageSwitch />
        <AccountNav />
      </div>
    </header>
  );
}

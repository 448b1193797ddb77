import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import { TOOL_CATEGORIES, toolsIn } from '../../../../shared/src/tools';
import { useLocalize } from '~/lib/i18n';
import { LanguageSwitch } from './language-switch';

export function SiteFooter() {
  const { t } = useTranslation();
  const localize = useLocalize();

  return (
    <footer className="site-footer">
      <div className="container">
        <nav className="site-footer__columns" aria-label={t('nav.footerTools')}>
          {TOOL_CATEGORIES.map((category) => (
            <div key={category} className="site-footer__column">
              <h2 className="site-footer__heading">{t(`categories.${category}`)}</h2>
              <ul>
                {toolsIn(category).map((tool) => (
                  <li key={tool.id}>
                    <Link to={localize(`/${tool.id}`)}>{t(`tools.${tool.id}.name`)}</Link>
                  </li>
                ))}
              </ul>
            </div>
          ))}
        </nav>
        <div className="site-footer__bottom">
          <p>{t('nav.copyright', { year: new Date().getFullYear() })}</p>
          <LanguageSwitch className="lang-switch lang-switch--footer" />
        </div>
      </div>
    </footer>
  );
}

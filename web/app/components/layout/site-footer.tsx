import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '~/lib/i18n';
import { useRootData } from '~/lib/root-data';
import { AppleIcon, FacebookIcon, LinkedInIcon, WindowsIcon, XIcon, YouTubeIcon } from './chrome-icons';
import { Logo } from './header-parts';
import { LanguageDialog } from './language-dialog';
import { LinkGroup } from './link-group';
import { FOOTER_COLUMNS, POLICY_LINKS, SOCIAL_NETWORKS, type SocialNetwork, useToolGroups } from './nav-links';

const SOCIAL_ICONS: Record<SocialNetwork, typeof FacebookIcon> = { facebook: FacebookIcon, x: XIcon, linkedin: LinkedInIcon, youtube: YouTubeIcon };

/** The spec's footer: tool columns, Form, About and Support, social links, downloads, language, copyright and policies. */
export function SiteFooter() {
  const { t } = useTranslation();
  const toolGroups = useToolGroups();
  const localize = useLocalize();
  const social = useRootData()?.social;

  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__top">
          <div className="site-footer__brand">
            <Logo />
            <p className="site-footer__tagline">{t('nav.footer.tagline')}</p>
            <ul className="site-footer__downloads" aria-label={t('nav.footer.downloads')}>
              <li>
                <Link to={`${localize('/download')}#windows`} className="store-button">
                  <WindowsIcon width={18} height={18} />
                  {t('nav.footer.windows')}
                </Link>
              </li>
              <li>
                <Link to={`${localize('/download')}#mac`} className="store-button">
                  <AppleIcon width={18} height={18} />
                  {t('nav.footer.mac')}
                </Link>
              </li>
            </ul>
            {social && (
              <ul className="social-links" aria-label={t('nav.footer.social')}>
                {SOCIAL_NETWORKS.map((network) => {
                  const Icon = SOCIAL_ICONS[network];
                  return (
                    <li key={network}>
                      <a href={social[network]} target="_blank" rel="noopener noreferrer" aria-label={t(`nav.social.${network}`)}>
                        <Icon width={18} height={18} />
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <nav className="site-footer__columns" aria-label={t('nav.footer.label')}>
            {FOOTER_COLUMNS.map((group) => (
              <LinkGroup key={group.heading} group={group} block="site-footer" headingAs="h2" />
            ))}
          </nav>
        </div>
        <nav className="site-footer__tools" aria-label={t('nav.footer.tools')}>
          {toolGroups.map((group) => (
            <LinkGroup key={group.heading} group={group} block="site-footer" headingAs="h2" />
          ))}
        </nav>
        <div className="site-footer__bottom">
          <p>{t('nav.footer.copyright', { year: new Date().getFullYear() })}</p>
          <ul className="site-footer__policies" aria-label={t('nav.footer.policies')}>
            {POLICY_LINKS.map((link) => (
              <li key={link.to}>
                <Link to={localize(link.to)}>{t(link.label)}</Link>
              </li>
            ))}
          </ul>
          <LanguageDialog />
        </div>
      </div>
    </footer>
  );
}

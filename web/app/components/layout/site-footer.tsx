import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '~/lib/i18n';
import { useRootData } from '~/lib/root-data';
import { AppleIcon, FacebookIcon, LinkedInIcon, WindowsIcon, XIcon, YouTubeIcon } from './chrome-icons';
import { Logo } from './header-parts';
import { LanguageDialog } from './language-dialog';
import { LinkGroup } from './link-group';
import type { SocialNetwork } from '#shared/env';
import { FOOTER_COLUMNS, POLICY_LINKS, useToolGroups } from './nav-links';

const SOCIAL_ICONS: Record<SocialNetwork, typeof FacebookIcon> = { facebook: FacebookIcon, x: XIcon, linkedin: LinkedInIcon, youtube: YouTubeIcon };

/** The spec's footer: tool columns, Form, About and Support, social links, downloads, language, copyright and policies. */
export function SiteFooter() {
  const { t } = useTranslation();
  const toolGroups = useToolGroups();
  const localize = useLocalize();
  const root = useRootData();
  const social = root?.social ?? [];
  const desktop = root?.desktop ?? { windows: false, mac: false };
  const builds = (['windows', 'mac'] as const).filter((os) => desktop[os]);
  // With no desktop build published, nothing points at the download page.
  const columns = builds.length > 0 ? FOOTER_COLUMNS : FOOTER_COLUMNS.map((group) => ({ ...group, links: group.links.filter((link) => link.to !== '/download') }));

  return (
    <footer className="site-footer">
      <div className="container">
        <div className="site-footer__top">
          <div className="site-footer__brand">
            <Logo />
            <p className="site-footer__tagline">{t('nav.footer.tagline')}</p>
            {builds.length > 0 && (
              <ul className="site-footer__downloads" aria-label={t('nav.footer.downloads')}>
                {builds.map((os) => {
                  const Icon = os === 'mac' ? AppleIcon : WindowsIcon;
                  return (
                    <li key={os}>
                      <Link to={`${localize('/download')}#${os}`} className="store-button">
                        <Icon width={18} height={18} />
                        {t(`nav.footer.${os}`)}
                      </Link>
                    </li>
                  );
                })}
              </ul>
            )}
            {social.length > 0 && (
              <ul className="social-links" aria-label={t('nav.footer.social')}>
                {social.map(({ network, url }) => {
                  const Icon = SOCIAL_ICONS[network];
                  return (
                    <li key={network}>
                      <a href={url} target="_blank" rel="noopener noreferrer" aria-label={t(`nav.social.${network}`)}>
                        <Icon width={18} height={18} />
                      </a>
                    </li>
                  );
                })}
              </ul>
            )}
          </div>
          <nav className="site-footer__columns" aria-label={t('nav.footer.label')}>
            {columns.map((group) => (
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

import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { useScrolled } from '~/hooks/use-scrolled';
import { BLOG_PATH } from '~/lib/blog';
import { useLocalize } from '~/lib/i18n';
import { AccountNav } from './account-nav';
import { AiLabel, DesktopAppLink, Logo, UpgradeLink } from './header-parts';
import { MobileNav } from './mobile-nav';
import { NavMenu } from './nav-menu';
import { AI_MENU, useConvertMenu, useToolGroups, useTopTools } from './nav-links';

/** The spec: the header takes its scrolled style past 10 px. */
const SCROLL_THRESHOLD = 10;

type MenuId = 'convert' | 'more' | 'ai';

/**
 * The site header: edit and compress, the Convert, More Tools and AI PDF menus, Blog and Pricing;
 * on the right the desktop app, Upgrade Pro and the account. Phones get the same links in a drawer.
 */
export function SiteHeader() {
  const { t } = useTranslation();
  const toolGroups = useToolGroups();
  const topTools = useTopTools();
  const convertMenu = useConvertMenu();
  const localize = useLocalize();
  const scrolled = useScrolled(SCROLL_THRESHOLD);
  const [openMenu, setOpenMenu] = useState<MenuId | null>(null);
  const { pathname, hash } = useLocation();
  const nav = useRef<HTMLElement>(null);

  useEffect(() => setOpenMenu(null), [pathname, hash]);

  useEffect(() => {
    if (!openMenu) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!nav.current?.contains(event.target as Node)) setOpenMenu(null);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [openMenu]);

  const menu = (id: MenuId) => ({ open: openMenu === id, onOpenChange: (open: boolean) => setOpenMenu(open ? id : null) });

  return (
    <header className={`site-header${scrolled ? ' is-scrolled' : ''}`}>
      <div className="site-header__inner">
        <Logo />
        <nav ref={nav} className="site-nav" aria-label={t('nav.main')}>
          <ul className="site-nav__list">
            {topTools.map((link) => (
              <li key={link.to}>
                <NavLink className="site-nav__item" to={localize(link.to)}>
                  {t(link.label)}
                </NavLink>
              </li>
            ))}
            <NavMenu label={t('nav.convert')} groups={convertMenu} variant="wide" {...menu('convert')} />
            <NavMenu label={t('nav.moreTools')} groups={toolGroups} variant="mega" {...menu('more')} />
            <NavMenu label={<AiLabel />} groups={AI_MENU} {...menu('ai')} />
            <li>
              <NavLink className="site-nav__item" to={localize(BLOG_PATH)}>
                {t('nav.blog')}
              </NavLink>
            </li>
            <li>
              <NavLink className="site-nav__item" to={localize('/pricing')}>
                {t('nav.pricing')}
              </NavLink>
            </li>
          </ul>
        </nav>
        <div className="site-header__actions">
          <DesktopAppLink className="site-header__desktop" />
          <UpgradeLink className="site-header__upgrade" />
          <AccountNav />
          <MobileNav />
        </div>
      </div>
    </header>
  );
}

import { useEffect, useId, useState, type MouseEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { NavLink, useLocation } from 'react-router';
import { BLOG_PATH } from '~/lib/blog';
import { useLocalize } from '~/lib/i18n';
import { ChevronDownIcon, MenuIcon } from './chrome-icons';
import { CloseIcon } from '../icons';
import { LinkGroup } from './link-group';
import { Modal } from './modal';
import { AI_MENU, type ChromeGroup, useConvertMenu, useToolGroups, useTopTools } from './nav-links';
import { AiLabel, DesktopAppLink, UpgradeLink } from './header-parts';

/** The header's links on narrow screens: a menu button that opens them in a drawer. */
export function MobileNav() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const { pathname, hash } = useLocation();

  useEffect(() => setOpen(false), [pathname, hash]);

  return (
    <>
      <button type="button" className="menu-button" aria-haspopup="dialog" aria-expanded={open} aria-label={t('nav.openMenu')} onClick={() => setOpen(true)}>
        <MenuIcon />
      </button>
      {open && <Drawer onClose={() => setOpen(false)} />}
    </>
  );
}

function Drawer({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const toolGroups = useToolGroups();
  const topTools = useTopTools();
  const convertMenu = useConvertMenu();
  const localize = useLocalize();
  const titleId = useId();

  // Following a link to the page already shown changes no location: close on any link.
  const onClick = (event: MouseEvent<HTMLDivElement>) => {
    if ((event.target as HTMLElement).closest('a')) onClose();
  };

  return (
    <Modal className="drawer" labelledBy={titleId} onClose={onClose}>
      <div className="drawer__panel" onClick={onClick}>
        <div className="drawer__head">
          <p id={titleId} className="drawer__title">
            {t('nav.menuTitle')}
          </p>
          <button type="button" className="icon-button" aria-label={t('nav.closeMenu')} onClick={onClose}>
            <CloseIcon width={18} height={18} />
          </button>
        </div>
        <nav className="drawer__nav" aria-label={t('nav.main')}>
          <ul className="drawer__links">
            {topTools.map((link) => (
              <li key={link.to}>
                <NavLink to={localize(link.to)}>{t(link.label)}</NavLink>
              </li>
            ))}
          </ul>
          <DrawerSection label={t('nav.convert')} groups={convertMenu} />
          <DrawerSection label={t('nav.moreTools')} groups={toolGroups} />
          <DrawerSection label={<AiLabel />} groups={AI_MENU} />
          <ul className="drawer__links">
            <li>
              <NavLink to={localize(BLOG_PATH)}>{t('nav.blog')}</NavLink>
            </li>
            <li>
              <NavLink to={localize('/pricing')}>{t('nav.pricing')}</NavLink>
            </li>
          </ul>
        </nav>
        <div className="drawer__actions">
          <UpgradeLink className="button--block" />
          <DesktopAppLink className="button button--secondary button--small button--block" />
        </div>
      </div>
    </Modal>
  );
}

/** A collapsible section of the drawer (the browser's own disclosure widget). */
function DrawerSection({ label, groups }: { label: ReactNode; groups: ChromeGroup[] }) {
  return (
    <details className="drawer__section">
      <summary>
        <span>{label}</span>
        <ChevronDownIcon className="drawer__chevron" />
      </summary>
      {groups.map((group, index) => (
        <LinkGroup key={group.heading ?? index} group={group} block="drawer" />
      ))}
    </details>
  );
}

import { useEffect, useId, useRef, useState, type KeyboardEvent, type MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '~/lib/i18n';
import { useRootData } from '~/lib/root-data';
import { pdfPlan } from '~/lib/plan-label';
import type { UserInfo } from '~/lib/user-api';
import { useAuthActions, useUser } from '~/stores/auth-provider';
import { avatarLetter, type LoginType } from '~/stores/user-store';

/** Right side of the header: Log in and Sign up for guests, the user menu once signed in. */
export function AccountNav() {
  const { t } = useTranslation();
  const localize = useLocalize();
  const user = useUser();
  const { openLogin } = useAuthActions();

  if (user.signedIn && user.userInfo) return <UserMenu userInfo={user.userInfo} />;
  // Signed in as far as the server knows, the name not loaded yet: keep the avatar's place.
  if (user.signedIn) return <span className="avatar avatar--pending" aria-hidden="true" />;

  // Links to the log-in and sign-up pages, which the popup stands in for once the page runs.
  const open = (loginType: LoginType) => (event: MouseEvent<HTMLAnchorElement>) => {
    event.preventDefault();
    openLogin({ from: 'header', loginType });
  };
  return (
    <div className="auth-buttons">
      <Link to={localize('/log-in')} className="button button--ghost button--small auth-buttons__login" onClick={open('login')}>
        {t('auth.header.logIn')}
      </Link>
      <Link to={localize('/sign-up')} className="button button--primary button--small" onClick={open('reg')}>
        {t('auth.header.signUp')}
      </Link>
    </div>
  );
}

/** The avatar (first letter of userName) and its menu: account, history tasks, subscriptions, contact, logout. */
function UserMenu({ userInfo }: { userInfo: UserInfo }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const user = useUser();
  const { logout } = useAuthActions();
  const plan = pdfPlan(user.vipInfo);
  // A server without billing sells no subscription: its menu does not offer one.
  const billing = useRootData()?.billingConfigured ?? false;
  const [open, setOpen] = useState(false);
  const root = useRef<HTMLDivElement>(null);
  const button = useRef<HTMLButtonElement>(null);
  const menu = useRef<HTMLUListElement>(null);
  const menuId = useId();

  const items = () => Array.from(menu.current?.querySelectorAll<HTMLElement>('[role="menuitem"]') ?? []);
  const focusItem = (index: number) => {
    const all = items();
    all[(index + all.length) % all.length]?.focus();
  };
  const openAt = (index: number) => {
    setOpen(true);
    // The menu renders on the next frame.
    requestAnimationFrame(() => focusItem(index));
  };
  const close = (returnFocus: boolean) => {
    setOpen(false);
    if (returnFocus) button.current?.focus();
  };

  useEffect(() => {
    if (!open) return;
    const onPointerDown = (event: PointerEvent) => {
      if (!root.current?.contains(event.target as Node)) setOpen(false);
    };
    document.addEventListener('pointerdown', onPointerDown);
    return () => document.removeEventListener('pointerdown', onPointerDown);
  }, [open]);

  const onButtonKeyDown = (event: KeyboardEvent<HTMLButtonElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'Enter' || event.key === ' ') {
      event.preventDefault();
      openAt(0);
    } else if (event.key === 'ArrowUp') {
      event.preventDefault();
      openAt(-1);
    }
  };

  const onMenuKeyDown = (event: KeyboardEvent<HTMLUListElement>) => {
    const all = items();
    const current = all.indexOf(document.activeElement as HTMLElement);
    const moves: Record<string, number> = { ArrowDown: current + 1, ArrowUp: current - 1, Home: 0, End: -1 };
    if (event.key in moves) {
      event.preventDefault();
      focusItem(moves[event.key]);
    } else if (event.key === 'Escape') {
      event.preventDefault();
      close(true);
    } else if (event.key === 'Tab') {
      setOpen(false);
    }
  };

  const links = [
    { to: '/account', label: 'auth.menu.account' },
    { to: '/history-tasks', label: 'auth.menu.history' },
    ...(billing ? [{ to: '/account?type=billing', label: 'auth.menu.subscriptions' } as const] : []),
    { to: '/contact-us', label: 'auth.menu.contact' },
  ] as const;

  return (
    <div className="user-menu" ref={root}>
      <button
        ref={button}
        type="button"
        className="avatar"
        aria-haspopup="menu"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('auth.menu.open', { name: userInfo.userName })}
        onClick={() => (open ? close(false) : setOpen(true))}
        onKeyDown={onButtonKeyDown}
      >
        {avatarLetter(userInfo.userName)}
      </button>
      {open && (
        <div className="user-menu__popover">
          <p className="user-menu__who">
            <strong>{userInfo.userName}</strong>
            <span>{userInfo.email}</span>
            <span className={`plan-badge plan-badge--${plan}`}>{t('nav.planBadge', { plan: t(`account.plans.${plan}`) })}</span>
          </p>
          <ul id={menuId} ref={menu} role="menu" aria-label={t('auth.menu.label')} className="user-menu__list" onKeyDown={onMenuKeyDown}>
            {links.map((link) => (
              <li key={link.to} role="none">
                <Link role="menuitem" tabIndex={-1} to={localize(link.to)} onClick={() => close(false)}>
                  {t(link.label)}
                </Link>
              </li>
            ))}
            <li role="none" className="user-menu__separator">
              <button
                type="button"
                role="menuitem"
                tabIndex={-1}
                onClick={() => {
                  close(false);
                  void logout();
                }}
              >
                {t('auth.menu.logout')}
              </button>
            </li>
          </ul>
        </div>
      )}
    </div>
  );
}

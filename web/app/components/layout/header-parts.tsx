import type { MouseEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '~/lib/i18n';
import { useRootData } from '~/lib/root-data';
import { useAuthActions, useUser } from '~/stores/auth-provider';
import { SheafMark } from '../icons';
import { CrownIcon, DesktopIcon } from './chrome-icons';

export function Logo() {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <Link to={localize('/')} className="logo" aria-label={t('site.homeLink')}>
      <SheafMark size={28} />
      <span>{t('site.name')}</span>
    </Link>
  );
}

/** "AI PDF" and its NEW mark. */
export function AiLabel() {
  const { t } = useTranslation();
  return (
    <>
      {t('nav.aiPdf')}
      <span className="badge badge--new">{t('nav.new')}</span>
    </>
  );
}

/**
 * The desktop app page at the visitor's system: named for the Mac build and at its steps on a Mac,
 * else at Windows' — or at the one build the operator published. Nothing when none is published.
 */
export function DesktopAppLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const root = useRootData();
  const desktop = root?.desktop ?? { windows: false, mac: false };
  if (!desktop.windows && !desktop.mac) return null;
  const isMac = desktop.mac && (!desktop.windows || (root?.isMac ?? false));
  const label = t(isMac ? 'nav.desktopAppMac' : 'nav.desktopApp');
  return (
    <Link to={`${localize('/download')}#${isMac ? 'mac' : 'windows'}`} className={`desktop-link ${className ?? ''}`} title={label}>
      <DesktopIcon width={18} height={18} />
      <span className="desktop-link__label">{label}</span>
    </Link>
  );
}

/**
 * Upgrade Pro, for everyone who is not Pro yet: the payment popup (a visitor signs in first). A
 * link to the plans before the page runs, and for a click with a modifier key. Not on a server
 * without billing: it sells nothing.
 */
export function UpgradeLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const auth = useAuthActions();
  const user = useUser();
  const billingConfigured = useRootData()?.billingConfigured ?? false;
  if (!billingConfigured || user.vipInfo?.isVip) return null;
  const open = (event: MouseEvent<HTMLAnchorElement>) => {
    if (event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    auth.openPay({ from: 'header' });
  };
  return (
    <Link to={localize('/pricing')} className={`button button--small button--upgrade ${className ?? ''}`} onClick={open}>
      <CrownIcon width={16} height={16} />
      {t('nav.upgradePro')}
    </Link>
  );
}

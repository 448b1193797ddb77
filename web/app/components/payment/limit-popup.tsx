import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyList } from '~/lib/copy-list';
import { useLocalize } from '~/lib/i18n';
import { useRootData } from '~/lib/root-data';
import { useAuthActions, usePopups } from '~/stores/auth-provider';
import { PlanLimitDialog } from './plan-limit-dialog';

interface LimitRow {
  label: string;
  free: string;
  pro: string;
}

/**
 * The spec's limit popup: a Free user has used today's conversions (DAILY_LIMIT). It offers Pro,
 * and the desktop app when the operator publishes one.
 */
export function LimitPopup() {
  const popups = usePopups();
  if (!popups.showLimitPop) return null;
  return <LimitDialog />;
}

function LimitDialog() {
  const { t } = useTranslation();
  const auth = useAuthActions();
  const localize = useLocalize();
  const desktop = useRootData()?.desktop;
  const rows = copyList<LimitRow>(t, 'subscription.limit.rows').map((row) => ({ label: row.label, free: row.free, paid: row.pro }));
  return (
    <PlanLimitDialog
      className="limit-popup"
      title={t('subscription.limit.title')}
      text={t('errors.DAILY_LIMIT')}
      columns={{ free: t('subscription.limit.free'), paid: t('subscription.limit.pro') }}
      rows={rows}
      closeLabel={t('subscription.popup.close')}
      onClose={auth.closeLimit}
    >
      <button type="button" className="button button--primary" onClick={() => auth.openPay({ from: 'limit' })} data-autofocus>
        {t('subscription.limit.upgrade')}
      </button>
      {(desktop?.windows || desktop?.mac) && (
        <Link className="button button--secondary" to={localize('/download')} onClick={auth.closeLimit}>
          {t('subscription.limit.desktop')}
        </Link>
      )}
    </PlanLimitDialog>
  );
}

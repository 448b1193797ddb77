import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { copyList } from '~/lib/copy-list';
import { useLocalize } from '~/lib/i18n';
import { useRootData } from '~/lib/root-data';
import { useAuth } from '~/stores/auth-provider';
import { CloseIcon } from '../icons';
import { Modal } from '../layout/modal';

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
  const auth = useAuth();
  if (!auth.ui.showLimitPop) return null;
  return <LimitDialog />;
}

function LimitDialog() {
  const { t } = useTranslation();
  const auth = useAuth();
  const localize = useLocalize();
  const titleId = useId();
  const textId = useId();
  const desktop = useRootData()?.desktop;
  const rows = copyList<LimitRow>(t, 'subscription.limit.rows');
  return (
    <Modal className="limit-popup" labelledBy={titleId} describedBy={textId} onClose={auth.closeLimit}>
      <div className="limit-popup__body">
        <button type="button" className="icon-button pay-popup__close" onClick={auth.closeLimit} aria-label={t('subscription.popup.close')}>
          <CloseIcon width={18} height={18} />
        </button>
        <h2 id={titleId} className="pay-popup__title">
          {t('subscription.limit.title')}
        </h2>
        <p id={textId} className="pay-popup__subtitle">
          {t('errors.DAILY_LIMIT')}
        </p>
        <table className="limit-table">
          <thead>
            <tr>
              <td />
              <th scope="col">{t('subscription.limit.free')}</th>
              <th scope="col">{t('subscription.limit.pro')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.free}</td>
                <td>{row.pro}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={() => auth.openPay({ from: 'limit' })} data-autofocus>
            {t('subscription.limit.upgrade')}
          </button>
          {(desktop?.windows || desktop?.mac) && (
            <Link className="button button--secondary" to={localize('/download')} onClick={auth.closeLimit}>
              {t('subscription.limit.desktop')}
            </Link>
          )}
        </div>
      </div>
    </Modal>
  );
}

import { useTranslation } from 'react-i18next';
import { usePopups } from '~/stores/auth-provider';

/** Covers the page while a sign-in link is being used. */
export function LoadingMask() {
  const { t } = useTranslation();
  const ui = usePopups();
  if (!ui.loading) return null;
  return (
    <div className="loading-mask" role="status" aria-busy="true">
      <span className="loading-mask__spinner" aria-hidden="true" />
      <p>{t('auth.signingIn')}</p>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useAuthActions, usePopups } from '~/stores/auth-provider';
import { ConfirmDialog } from '../layout/confirm-dialog';

/**
 * A login link opened in a browser other than the one that asked for it: whose account it signs in
 * to, in full, before anything is signed in. The person who asked on a laptop and opened the mail on
 * a phone continues; someone sent a stranger's link sees a stranger's address and cancels.
 */
export function LinkConfirmDialog() {
  const { t } = useTranslation();
  const auth = useAuthActions();
  const popups = usePopups();
  const link = popups.linkToConfirm;
  if (!link) return null;
  return (
    <ConfirmDialog
      title={t('auth.linkConfirm.title', { email: link.email })}
      text={t('auth.linkConfirm.text')}
      confirmLabel={t('auth.linkConfirm.continue')}
      cancelLabel={t('auth.linkConfirm.cancel')}
      busy={popups.loading}
      onConfirm={() => void auth.answerLink(true)}
      onCancel={() => void auth.answerLink(false)}
    />
  );
}

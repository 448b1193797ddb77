import { useTranslation } from 'react-i18next';
import { useRootData } from '~/lib/root-data';
import { useUser } from '~/stores/auth-provider';

/**
 * What downloading a result will ask of this visitor (DOWNLOAD_POLICY), said beside the drop zone
 * and the start button before the work is done rather than after: nothing when anyone may download,
 * or when the visitor already has what the policy asks (a session; a Pro plan).
 */
export function useDownloadNotice(): string | undefined {
  const { t } = useTranslation();
  const policy = useRootData()?.downloadPolicy ?? 'open';
  const user = useUser();
  if (policy === 'open') return undefined;
  if (policy === 'login') return user.signedIn ? undefined : t('flow.dropzone.download.login');
  return user.vipInfo?.isVip ? undefined : t('flow.dropzone.download.pro');
}

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '~/lib/i18n';
import type { FlowMessage } from './flow-state';

/** The answer that names Unlock PDF: a password-protected input, which no other tool can open. */
export const namesUnlock = (message: FlowMessage | undefined): boolean => !!message && 'code' in message && message.code === 'PDF_ENCRYPTED';

/** A link to Unlock PDF in the page's language, placed beside the message that sends the visitor there. */
export function UnlockLink({ className }: { className?: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  return (
    <Link className={className} to={localize('/unlock-pdf')}>
      {t('flow.failure.unlock')}
    </Link>
  );
}

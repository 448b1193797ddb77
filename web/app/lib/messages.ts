import { useTranslation } from 'react-i18next';
import type { FlowMessage } from './api-client';

/** The text of a flow message in the page's language. */
export function useMessageText(): (message: FlowMessage) => string {
  const { t } = useTranslation();
  return (message) => ('code' in message ? t(`errors.${message.code}`) : message.text);
}

import { useTranslation } from 'react-i18next';
import type { FlowMessage } from './api-client';

/** The text of a flow message in the page's language. */
export function useMessageText(): (message: FlowMessage) => string {
  const { t } = useTranslation();
  return (message) => ('code' in message ? t(`errors.${message.code}`) : message.text);
}

/** Copy that is either a translation key of its own or a flow message (a catalogue code, the server's words). */
export type Copy = { key: string } | FlowMessage;

export function useCopyText(): (copy: Copy) => string {
  const { t } = useTranslation();
  const messageText = useMessageText();
  return (copy) => ('key' in copy ? t(copy.key) : messageText(copy));
}

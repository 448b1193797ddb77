import { useTranslation } from 'react-i18next';
import type { AiConfigView } from '#shared/ai/api';
import { Conversation } from './conversation';
import { useAsk } from './use-ask';
import { useGenerativeAi } from './use-ai-config';

/** General AI chat, without a document: written by the configured model; nothing without one (the page says why). */
export function GeneralChat({ config }: { config: AiConfigView | undefined }) {
  const { t } = useTranslation();
  const { entries, busy, ask, stop } = useAsk(undefined, undefined);
  if (!useGenerativeAi(config)) return null;
  return (
    <div className="ai-general">
      <Conversation entries={entries} busy={busy} general onAsk={(question) => void ask(question, 'general')} onStop={stop} label={t('aiPdf.general.label')} placeholder={t('aiPdf.general.placeholder')} />
    </div>
  );
}

import { useTranslation } from 'react-i18next';

/** What a feature that writes text needs, and how an operator adds it (the README's AI section). */
export function ProviderNote({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={['ai-provider', compact && 'ai-provider--compact'].filter(Boolean).join(' ')}>
      {!compact && <p className="ai-provider__title">{t('aiPdf.provider.title')}</p>}
      {!compact && <p>{t('aiPdf.provider.text')}</p>}
      <p className="ai-provider__how">{t('aiPdf.provider.howTo')}</p>
    </div>
  );
}

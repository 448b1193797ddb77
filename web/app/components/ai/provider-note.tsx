import { useTranslation } from 'react-i18next';

/**
 * What a visitor gets on a server without an AI model: answers quoted from the document, and no
 * translation, explanations or general chat. How an operator adds a model is the README's business,
 * not the visitor's.
 */
export function ProviderNote({ compact = false }: { compact?: boolean }) {
  const { t } = useTranslation();
  return (
    <div className={['ai-provider', compact && 'ai-provider--compact'].filter(Boolean).join(' ')}>
      {compact ? (
        <p>{t('aiPdf.provider.quoted')}</p>
      ) : (
        <>
          <p className="ai-provider__title">{t('aiPdf.provider.title')}</p>
          <p>{t('aiPdf.provider.text')}</p>
        </>
      )}
    </div>
  );
}

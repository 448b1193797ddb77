import { useTranslation } from 'react-i18next';
import { AiUpload } from '~/components/ai/ai-upload';
import { DocumentList } from '~/components/ai/document-list';
import { GeneralChat } from '~/components/ai/general-chat';
import { ProviderNote } from '~/components/ai/provider-note';
import { useAiConfig, useGenerativeAi } from '~/components/ai/use-ai-config';
import { useDocuments } from '~/components/ai/use-documents';
import { AI_FEATURES } from '~/components/layout/nav-links';
import { aiApi } from '~/lib/ai-api';
import { getI18n, langFromPath } from '~/lib/i18n';
import { routeCopy } from '~/lib/page-copy.server';
import { originFrom, pageMeta } from '~/lib/seo';
import { useAuthActions } from '~/stores/auth-provider';
import type { SheetsHandle } from '~/lib/inline-styles';
import type { Route } from './+types/ai-pdf';

/** The AI pages' stylesheet comes with them. */
export const handle: SheetsHandle = { sheets: ['tools', 'ai'] };

export const loader = ({ request }: Route.LoaderArgs) => ({ pageCopy: routeCopy(request, ['aiPdf']) });

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  // /app/ai-pdf shows the same page: search engines are pointed at /ai-pdf.
  return pageMeta({ lang, path: '/ai-pdf', title: t('aiPdf.metaTitle'), description: t('aiPdf.metaDescription'), origin: originFrom(matches) });
}

/** The features that write text: they need an AI provider. */
const GENERATIVE_FEATURES = new Set<string>(['translate', 'explain', 'general']);
const UPLOAD_ID = 'ai-upload';

/**
 * /ai-pdf (and /app/ai-pdf): a PDF or an image in, its conversation opens; the requester's
 * documents; one section per feature (the header's AI PDF menu links to them), general chat last.
 */
export default function AiPdfPage() {
  const { t } = useTranslation();
  const { callContext } = useAuthActions();
  const config = useAiConfig();
  const generative = useGenerativeAi(config);
  const { documents, reload } = useDocuments();
  const remove = async (documentId: string) => {
    await aiApi.remove(callContext(), documentId);
    await reload();
  };
  return (
    <>
      <section className="tool-hero">
        <div className="container">
          <h1 className="tool-hero__title">{t('aiPdf.title')}</h1>
          <p className="tool-hero__subtitle">{t('aiPdf.subtitle')}</p>
        </div>
      </section>
      <div className="container page-narrow ai-home">
        <AiUpload id={UPLOAD_ID} config={config} />
        {/* What a visitor gets on this server, before choosing a file: quotes, not written answers. */}
        {!generative && <ProviderNote />}
        {documents.length > 0 && (
          <section className="ai-home__docs" aria-labelledby="ai-docs-title">
            <h2 id="ai-docs-title" className="section__title">
              {t('aiPdf.docs.title')}
            </h2>
            <DocumentList documents={documents} onDelete={remove} />
          </section>
        )}
        <ul className="ai-features">
          {AI_FEATURES.map((feature) => (
            <li key={feature} id={feature} className={['ai-features__item', feature === 'general' && 'ai-features__item--wide'].filter(Boolean).join(' ')}>
              <h2 className="ai-features__name">{t(`nav.ai.${feature}`)}</h2>
              {!generative && GENERATIVE_FEATURES.has(feature) && <p className="ai-badge">{t('aiPdf.needsProvider')}</p>}
              <p className="ai-features__text">{t(`aiPdf.features.${feature}`)}</p>
              {feature === 'general' ? (
                <GeneralChat config={config} />
              ) : (
                <a className="button button--secondary button--small" href={`#${UPLOAD_ID}`}>
                  {t(feature === 'image' ? 'aiPdf.featureAction.image' : 'aiPdf.featureAction.pdf')}
                </a>
              )}
            </li>
          ))}
        </ul>
      </div>
    </>
  );
}

import { useTranslation } from 'react-i18next';
import { ToolCard } from '~/components/home/tool-card';
import { AI_FEATURES } from '~/components/layout/nav-links';
import { useAppTools } from '~/lib/app-tools';
import { getI18n, langFromPath } from '~/lib/i18n';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/ai-pdf';

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  // /app/ai-pdf shows the same page: search engines are pointed at /ai-pdf.
  return pageMeta({ lang, path: '/ai-pdf', title: t('aiPdf.metaTitle'), description: t('aiPdf.metaDescription'), origin: originFrom(matches) });
}

/**
 * /ai-pdf (and /app/ai-pdf): until the AI issue builds the assistant, an honest page that says it
 * is coming and what it will do (one section per feature, the header's AI PDF menu links to them).
 */
export default function AiPdfPage() {
  const { t } = useTranslation();
  const readyTools = useAppTools().filter((tool) => tool.built);
  return (
    <>
      <section className="tool-hero">
        <div className="container">
          <h1 className="tool-hero__title">{t('aiPdf.title')}</h1>
          <p className="tool-hero__subtitle">{t('aiPdf.subtitle')}</p>
        </div>
      </section>
      <div className="container page-narrow ai-coming">
        <div className="ai-coming__notice" role="status">
          <h2 className="ai-coming__title">{t('aiPdf.comingTitle')}</h2>
          <p>{t('aiPdf.comingText')}</p>
        </div>
        <ul className="ai-features">
          {AI_FEATURES.map((feature) => (
            <li key={feature} id={feature} className="ai-features__item">
              <h3 className="ai-features__name">{t(`nav.ai.${feature}`)}</h3>
              <p className="ai-features__text">{t(`aiPdf.features.${feature}`)}</p>
            </li>
          ))}
        </ul>
        {readyTools.length > 0 && (
          <section aria-labelledby="ai-ready-tools" className="ai-coming__tools">
            <h2 id="ai-ready-tools" className="section__title">
              {t('aiPdf.toolsTitle')}
            </h2>
            <div className="card-grid card-grid--compact">
              {readyTools.map((tool) => (
                <ToolCard key={tool.id} tool={tool} />
              ))}
            </div>
          </section>
        )}
      </div>
    </>
  );
}

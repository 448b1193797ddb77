import { useTranslation } from 'react-i18next';
import { ToolCatalog } from './tool-catalog';

/** The home page's hero and tool catalogue (also behind the log-in and sign-up pages' popup). */
export function HomeContent() {
  const { t } = useTranslation();
  return (
    <>
      <section className="hero">
        <div className="container">
          <h1 className="hero__title">{t('home.heroTitle')}</h1>
          <p className="hero__subtitle">{t('home.heroSubtitle')}</p>
          <ul className="hero__points">
            <li>{t('home.points.retention')}</li>
            <li>{t('home.points.size')}</li>
            <li>{t('home.points.browser')}</li>
          </ul>
        </div>
      </section>
      <section id="tools" className="container section" aria-labelledby="tools-title">
        <h2 id="tools-title" className="section__title">
          {t('home.toolsHeading')}
        </h2>
        <ToolCatalog />
      </section>
    </>
  );
}

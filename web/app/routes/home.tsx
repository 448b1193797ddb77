import { useTranslation } from 'react-i18next';
import { ToolCatalog } from '~/components/home/tool-catalog';
import { getI18n, langFromPath } from '~/lib/i18n';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/home';

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({ lang, path: '/', title: t('site.metaTitle'), description: t('site.metaDescription'), origin: originFrom(matches) });
}

export default function Home() {
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

import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { LANGS } from '#shared/i18n/langs';
import { TOOLS } from '#shared/tools';
import { copyList } from '~/lib/copy-list';
import { getI18n, langFromPath, useLocalize } from '~/lib/i18n';
import { routeCopy } from '~/lib/page-copy.server';
import { pageServices } from '~/lib/page-services.server';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/about';

/** The figures the page states are this server's own settings. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = pageServices(context);
  return { pageCopy: routeCopy(request, ['about']), retentionMinutes: config.FILE_RETENTION_MINUTES, maxUploadMb: config.MAX_UPLOAD_MB };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({ lang, path: '/about-us', title: t('about.metaTitle'), description: t('about.metaDescription'), origin: originFrom(matches) });
}

export default function AboutPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const retention = t('units.minutes', { count: loaderData.retentionMinutes });
  const figures = [
    { value: String(TOOLS.length), label: t('about.figures.tools') },
    { value: String(LANGS.length), label: t('about.figures.languages') },
    { value: String(loaderData.maxUploadMb), label: t('about.figures.size') },
    { value: retention, label: t('about.figures.retention') },
  ];

  return (
    <>
      <section className="content-hero">
        <div className="container content-hero__narrow">
          <h1 className="content-hero__title">{t('about.title')}</h1>
          <p className="content-hero__lead">{t('about.lead')}</p>
        </div>
      </section>

      <div className="container content-body">
        <section className="section prose-section" aria-labelledby="story-title">
          <h2 id="story-title" className="section__title">
            {t('about.storyTitle')}
          </h2>
          <div className="prose">
            {copyList<string>(t, 'about.story').map((p) => (
              <p key={p}>{p}</p>
            ))}
          </div>
        </section>

        <section className="section" aria-labelledby="figures-title">
          <h2 id="figures-title" className="section__title">
            {t('about.figuresTitle')}
          </h2>
          <dl className="figures">
            {figures.map((f) => (
              <div key={f.label} className="figures__item">
                <dt>{f.label}</dt>
                <dd>{f.value}</dd>
              </div>
            ))}
          </dl>
        </section>

        <section className="section" aria-labelledby="values-title">
          <h2 id="values-title" className="section__title">
            {t('about.valuesTitle')}
          </h2>
          <ul className="value-grid">
            {copyList<{ title: string; text: string }>(t, 'about.values', { retention }).map((v) => (
              <li key={v.title} className="value-card">
                <h3 className="value-card__title">{v.title}</h3>
                <p className="value-card__text">{v.text}</p>
              </li>
            ))}
          </ul>
        </section>

        <section className="section cta-band" aria-labelledby="about-contact-title">
          <h2 id="about-contact-title" className="cta-band__title">
            {t('about.contactTitle')}
          </h2>
          <p className="cta-band__text">{t('about.contactText')}</p>
          <div className="button-row">
            <Link className="button button--primary" to={localize('/contact-us')}>
              {t('about.contactButton')}
            </Link>
            <Link className="button button--secondary" to={localize('/')}>
              {t('about.toolsButton')}
            </Link>
          </div>
        </section>
      </div>
    </>
  );
}

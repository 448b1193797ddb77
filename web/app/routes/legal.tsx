import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { formatDate } from '~/lib/blog';
import { TRIAL_DAYS } from '~/lib/trial';
import { copyList } from '~/lib/copy-list';
import { getI18n, langFromPath, stripLang, useLang, useLocalize } from '~/lib/i18n';
import { LEGAL_UPDATED, legalAt } from '~/lib/legal-pages';
import { pageCopy } from '~/lib/page-copy.server';
import { pageServices } from '~/lib/page-services.server';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/legal';

interface LegalSection {
  title: string;
  paragraphs?: string[];
  items?: string[];
}

/** The values the policies state are the ones this server runs with. */
export function loader({ context, request }: Route.LoaderArgs) {
  const { config } = pageServices(context);
  return { retentionMinutes: config.FILE_RETENTION_MINUTES, sessionDays: config.SESSION_DAYS, pageCopy: pageCopy(request, 'legal') };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const page = legalAt(stripLang(location.pathname));
  if (!page) return [];
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  // Aliases such as /privacyPolicy point search engines at the page's own path.
  return pageMeta({ lang, path: page.path, title: t(`legal.${page.id}.metaTitle`), description: t(`legal.${page.id}.metaDescription`), origin: originFrom(matches) });
}

/** Terms of service, privacy policy, money-back policy and subscription terms, each from its copy. */
export default function LegalPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const page = legalAt(stripLang(useLocation().pathname));
  if (!page) return null;

  const values = {
    retention: t('units.minutes', { count: loaderData.retentionMinutes }),
    sessionDays: loaderData.sessionDays,
    trialDays: TRIAL_DAYS,
  };
  const sections = copyList<LegalSection>(t, `legal.${page.id}.sections`, values);

  return (
    <div className="container content-body legal">
      <header className="legal__header">
        <h1 className="content-hero__title">{t(`legal.${page.id}.title`)}</h1>
        <p className="content-hero__lead">{t(`legal.${page.id}.lead`)}</p>
        <p className="legal__updated">{t('legal.updated', { date: formatDate(LEGAL_UPDATED, lang) })}</p>
      </header>

      <div className="legal__layout">
        <nav className="legal__toc" aria-labelledby="toc-title">
          <h2 id="toc-title" className="legal__toc-title">
            {t('legal.contents')}
          </h2>
          <ol>
            {sections.map((section, i) => (
              <li key={section.title}>
                <a href={`#section-${i + 1}`}>{section.title}</a>
              </li>
            ))}
          </ol>
        </nav>

        <div className="prose legal__body">
          {sections.map((section, i) => (
            <section key={section.title} id={`section-${i + 1}`} aria-labelledby={`section-${i + 1}-title`}>
              <h2 id={`section-${i + 1}-title`}>{section.title}</h2>
              {section.paragraphs?.map((p) => <p key={p}>{p}</p>)}
              {section.items && (
                <ul>
                  {section.items.map((item) => (
                    <li key={item}>{item}</li>
                  ))}
                </ul>
              )}
            </section>
          ))}

          <aside className="legal__aside" aria-labelledby="legal-more-title">
            <h2 id="legal-more-title">{t('legal.seeAlso')}</h2>
            <ul className="link-chips">
              {page.links.map((link) => (
                <li key={link.to}>
                  <Link to={localize(link.to)}>{t(link.label)}</Link>
                </li>
              ))}
            </ul>
            <p>
              <strong>{t('legal.questionsTitle')}</strong> {t('legal.questionsText')}{' '}
              <Link to={localize('/contact-us')}>{t('legal.contact')}</Link>
            </p>
          </aside>
        </div>
      </div>
    </div>
  );
}

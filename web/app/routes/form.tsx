import { useTranslation } from 'react-i18next';
import { Link, useLocation } from 'react-router';
import { QaList, type QA } from '~/components/content/qa-list';
import { StepList, type Step } from '~/components/content/step-list';
import type { ToolId } from '#shared/tools';
import { ToolCard } from '~/components/home/tool-card';
import { DownloadIcon } from '~/components/icons';
import { copyList } from '~/lib/copy-list';
import { editorPathOf, FORM_PAGES, formAt } from '~/lib/forms';
import { getI18n, langFromPath, stripLang, useLocalize } from '~/lib/i18n';
import { pageCopy } from '~/lib/page-copy.server';
import { useTools } from '~/lib/root-data';
import { faqLd, originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/form';

/** The forms' guides are page-only copy: this page brings it (see PAGE_RESOURCES). */
export function loader({ request }: Route.LoaderArgs) {
  return { pageCopy: pageCopy(request, 'forms') };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const form = formAt(stripLang(location.pathname));
  if (!form) return [];
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({
    lang,
    path: form.path,
    title: t(`forms.${form.id}.metaTitle`),
    description: t(`forms.${form.id}.metaDescription`),
    origin: originFrom(matches),
    jsonLd: [faqLd(copyList<QA>(t, `forms.${form.id}.faq`))],
  });
}

/** The tools that finish the paperwork once the form is filled in. */
const NEXT_TOOLS = ['merge-pdf', 'compress-pdf', 'protect-pdf'] as const satisfies readonly ToolId[];

/** One landing page per official form (W-9, 1099-MISC, W-2, 941, DS-11), driven by its declaration. */
export default function FormPage() {
  const { t } = useTranslation();
  const nextTools = useTools(NEXT_TOOLS);
  const localize = useLocalize();
  const form = formAt(stripLang(useLocation().pathname));
  if (!form) return null;

  const key = (k: string) => `forms.${form.id}.${k}`;
  const name = t(key('name'));
  const site = t(key('site'));

  return (
    <>
      <section className="content-hero form-hero">
        <div className="container form-hero__inner">
          <div className="form-hero__main">
            <h1 className="content-hero__title">{t(key('title'))}</h1>
            <p className="content-hero__lead">{t(key('subtitle'))}</p>
            <div className="form-cta">
              {form.blank ? (
                <>
                  <Link className="button button--primary button--xl" to={localize(editorPathOf(form))}>
                    {t('forms.getForm')}
                  </Link>
                  <a className="form-cta__download" href={form.blank} type="application/pdf" download>
                    <DownloadIcon width={16} height={16} />
                    {t('forms.downloadBlank')}
                  </a>
                  <p className="form-cta__source">{t('forms.officialSource', { source: t(key('source')) })}</p>
                  {form.staleBlank && <p className="form-cta__stale" role="note">{t(key('staleNote'))}</p>}
                </>
              ) : (
                <>
                  <a className="button button--primary button--xl" href={form.officialUrl} target="_blank" rel="noopener">
                    {t('forms.getFormOn', { site })}
                    <span className="visually-hidden"> {t('forms.newTab')}</span>
                  </a>
                  <p className="form-cta__source">{t(key('noBlank'))}</p>
                </>
              )}
            </div>
            <p className="content-note">{t(`forms.notAffiliated.${form.authority}`)}</p>
          </div>
          <aside className="facts" aria-labelledby="facts-title">
            <h2 id="facts-title" className="facts__title">
              {t('forms.factsTitle', { name })}
            </h2>
            <ul className="facts__list">
              {copyList<string>(t, key('facts')).map((fact) => (
                <li key={fact}>{fact}</li>
              ))}
            </ul>
          </aside>
        </div>
      </section>

      <div className="container content-body">
        <StepList title={t('forms.stepsTitle', { name })} steps={copyList<Step>(t, key('steps'))} />

        <section className="section prose-section" aria-labelledby="what-is-title">
          <h2 id="what-is-title" className="section__title">
            {t('forms.whatIsTitle', { name })}
          </h2>
          <div className="prose">
            {copyList<string>(t, key('whatIs')).map((paragraph) => (
              <p key={paragraph}>{paragraph}</p>
            ))}
            <p>
              <a href={form.officialUrl} target="_blank" rel="noopener">
                {t('forms.officialPage', { name, site })}
                <span className="visually-hidden"> {t('forms.newTab')}</span>
              </a>
            </p>
          </div>
        </section>

        <QaList title={t('forms.askTitle')} items={copyList<QA>(t, key('faq'))} />

        <section className="section" aria-labelledby="next-tools-title">
          <h2 id="next-tools-title" className="section__title">
            {t('forms.toolsTitle')}
          </h2>
          <p className="section__lead">{t('forms.toolsText')}</p>
          <div className="card-grid card-grid--three">
            {nextTools.map((tool) => (
              <ToolCard key={tool.id} tool={tool} />
            ))}
          </div>
        </section>

        <nav className="section other-forms" aria-labelledby="other-forms-title">
          <h2 id="other-forms-title" className="section__title">
            {t('forms.otherForms')}
          </h2>
          <ul className="link-chips">
            {FORM_PAGES.filter((other) => other.id !== form.id).map((other) => (
              <li key={other.id}>
                <Link to={localize(other.path)}>{t(`forms.${other.id}.title`)}</Link>
              </li>
            ))}
          </ul>
        </nav>
      </div>
    </>
  );
}

import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { StepList, type Step } from '~/components/content/step-list';
import { CloseIcon, DownloadIcon } from '~/components/icons';
import { Modal } from '~/components/layout/modal';
import { copyList } from '~/lib/copy-list';
import { desktopOsOf, type DesktopOs } from '~/lib/desktop';
import { getI18n, langFromPath, useLocalize } from '~/lib/i18n';
import { routeCopy } from '~/lib/page-copy.server';
import { pageServices } from '~/lib/page-services.server';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/download';

/** The visitor's system, from the user agent, and where this server publishes the installers. */
export function loader({ request, context }: Route.LoaderArgs) {
  const { config } = pageServices(context);
  const installers: Record<DesktopOs, string | null> = { windows: config.DESKTOP_WINDOWS_URL ?? null, mac: config.DESKTOP_MAC_URL ?? null };
  return { pageCopy: routeCopy(request, ['download']), os: desktopOsOf(request.headers.get('user-agent')) ?? null, installers, maxUploadMb: config.MAX_UPLOAD_MB };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  return pageMeta({ lang, path: '/download', title: t('download.metaTitle'), description: t('download.metaDescription'), origin: originFrom(matches) });
}

/** The desktop app: the installer for the visitor's system first, install steps, and help when the download went missing. */
export default function DownloadPage({ loaderData }: Route.ComponentProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { os, installers, maxUploadMb } = loaderData;
  const [started, setStarted] = useState(false);
  const [helpOpen, setHelpOpen] = useState(false);
  const helpTitle = useId();
  const helpIntro = useId();

  // The detected system first; without one, both side by side.
  const order: DesktopOs[] = os === 'mac' ? ['mac', 'windows'] : ['windows', 'mac'];
  const osName = (o: DesktopOs) => t(`download.os.${o}`);
  const published = order.filter((o) => installers[o]);

  const installerLink = (o: DesktopOs, className: string, label: string) => (
    <a key={o} className={className} href={installers[o]!} download onClick={() => setStarted(true)}>
      <DownloadIcon width={20} height={20} />
      {label}
    </a>
  );

  return (
    <>
      <section className="content-hero">
        <div className="container content-hero__narrow">
          <h1 className="content-hero__title">{t('download.title')}</h1>
          <p className="content-hero__lead">{t('download.lead')}</p>
          <p className="download-detected">{os ? t('download.detected', { os: osName(os) }) : t('download.otherOs')}</p>
          <div className="download-buttons">
            {order.map((o) => {
              const main = !os || o === os;
              if (!installers[o]) {
                return (
                  <p key={o} className="notice download-missing">
                    {t('download.notPublished', { os: osName(o) })}
                  </p>
                );
              }
              return main
                ? installerLink(o, 'button button--primary button--xl', t('download.downloadFor', { os: osName(o) }))
                : installerLink(o, 'button button--secondary', t('download.alsoFor', { os: osName(o) }));
            })}
          </div>
          <p className="download-status" role="status">
            {started ? t('download.started') : ''}
          </p>
          {published.length > 0 && (
            <button type="button" className="link-button" onClick={() => setHelpOpen(true)}>
              {t('download.helpButton')}
            </button>
          )}
        </div>
      </section>

      <div className="container content-body">
        <section className="section" aria-labelledby="features-title">
          <h2 id="features-title" className="section__title">
            {t('download.featuresTitle')}
          </h2>
          <ul className="value-grid value-grid--three">
            {copyList<{ title: string; text: string }>(t, 'download.features').map((f) => (
              <li key={f.title} className="value-card">
                <h3 className="value-card__title">{f.title}</h3>
                <p className="value-card__text">{f.text}</p>
              </li>
            ))}
          </ul>
        </section>

        {/* The footer's and header's download links land on a system's steps: /download#windows, /download#mac. */}
        {order.map((o) => (
          <StepList key={o} id={o} title={t('download.stepsTitle', { os: osName(o) })} steps={copyList<Step>(t, `download.steps.${o}`)} />
        ))}

        <section className="section cta-band" aria-labelledby="online-title">
          <h2 id="online-title" className="cta-band__title">
            {t('download.onlineTitle')}
          </h2>
          <p className="cta-band__text">{t('download.onlineText', { mb: maxUploadMb })}</p>
          <Link className="button button--primary" to={localize('/')}>
            {t('download.onlineButton')}
          </Link>
        </section>
      </div>

      {helpOpen && (
        <Modal className="confirm-dialog download-help" labelledBy={helpTitle} describedBy={helpIntro} onClose={() => setHelpOpen(false)}>
          <div className="confirm-dialog__body">
            <button type="button" className="icon-button download-help__close" onClick={() => setHelpOpen(false)} aria-label={t('download.help.close')}>
              <CloseIcon width={18} height={18} />
            </button>
            <h2 id={helpTitle} className="confirm-dialog__title">
              {t('download.help.title')}
            </h2>
            <p id={helpIntro}>{t('download.help.intro')}</p>
            <ol className="download-help__list">
              {copyList<string>(t, 'download.help.items').map((item) => (
                <li key={item}>{item}</li>
              ))}
            </ol>
            <div className="download-help__actions">
              {published.map((o, i) => installerLink(o, i === 0 ? 'button button--primary' : 'button button--secondary', t('download.help.again', { os: osName(o) })))}
              <Link to={localize('/contact-us')} onClick={() => setHelpOpen(false)}>
                {t('download.help.contact')}
              </Link>
            </div>
          </div>
        </Modal>
      )}
    </>
  );
}

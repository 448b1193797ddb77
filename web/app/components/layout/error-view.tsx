import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { inMenu, type ToolSummary } from '#shared/tools/catalog';
import { useLocalize } from '~/lib/i18n';
import { describeError } from '~/lib/route-errors';

const STATUS_MESSAGES = new Set([401, 403, 404]);

/** The not-found page's way on: the tools most people come for (the workspace's bar), and all of them. */
function ToolLinks({ catalog }: { catalog: readonly ToolSummary[] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const tools = inMenu(catalog, 'workspace');
  return (
    <nav className="error-page__tools" aria-labelledby="error-page-tools">
      <h2 id="error-page-tools" className="error-page__tools-title">
        {t('errorPage.toolsHeading')}
      </h2>
      <ul>
        {tools.map((tool) => (
          <li key={tool.id}>
            <Link to={localize(`/${tool.id}`)}>{t(`tools.${tool.id}.name`)}</Link>
          </li>
        ))}
        <li>
          <Link to={`${localize('/')}#tools`}>{t('errorPage.allTools')}</Link>
        </li>
      </ul>
    </nav>
  );
}

/**
 * The error layout's content. An unknown address or a route that does not validate gets the
 * not-found page, which also links the main tools; any other error gets the message of its status
 * (401 please log in, 403 no permission, 404 no data, else cannot be reached). Both link home.
 */
export function ErrorView({ error, tools }: { error: unknown; tools: readonly ToolSummary[] }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const { status, notFound } = describeError(error);

  return (
    <div className="container error-page">
      {notFound ? (
        <>
          <p className="error-page__code" aria-hidden="true">
            404
          </p>
          <h1 className="error-page__title">{t('errorPage.notFoundTitle')}</h1>
          <p className="error-page__lead">{t('errorPage.notFoundLead')}</p>
          <p className="error-page__text">{t('errorPage.notFoundText')}</p>
        </>
      ) : (
        <>
          <p className="error-page__code">{t('errorPage.errorStatus', { status })}</p>
          <h1 className="error-page__title">{t(`errorPage.status.${STATUS_MESSAGES.has(status) ? status : 'other'}`)}</h1>
        </>
      )}
      <Link className="button button--primary" to={localize('/')}>
        {t('errorPage.goHome')}
      </Link>
      {notFound && <ToolLinks catalog={tools} />}
    </div>
  );
}

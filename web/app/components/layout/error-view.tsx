import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '~/lib/i18n';
import { describeError } from '~/lib/route-errors';

const STATUS_MESSAGES = new Set([401, 403, 404]);

/**
 * The error layout's content. A route that does not validate gets the not-found page; any other
 * error gets the message of its status (401 please log in, 403 no permission, 404 no data, else
 * cannot be reached). Both link home.
 */
export function ErrorView({ error }: { error: unknown }) {
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
    </div>
  );
}

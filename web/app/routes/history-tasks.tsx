import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { ERRORS, type ErrorCode } from '#shared/errors';
import { DownloadIcon } from '~/components/icons';
import { ConfirmDialog } from '~/components/layout/confirm-dialog';
import { useDownload } from '~/hooks/use-download';
import { formatBytes } from '~/lib/format';
import { HISTORY_PAGE_SIZE, pageCount, taskDownloadUrl } from '~/lib/history';
import { useLang, useLocalize } from '~/lib/i18n';
import type { SheetsHandle } from '~/lib/inline-styles';
import { useCopyText, type Copy } from '~/lib/messages';
import { signedInPageMeta } from '~/lib/seo';
import { EnvelopeError } from '~/lib/endpoint-client';
import { userApi, type HistoryPage, type HistoryTask } from '~/lib/user-api';
import { useAuthActions, useUser } from '~/stores/auth-provider';
import { useToast } from '~/stores/toasts';

export const meta = signedInPageMeta('/history-tasks', 'history.metaTitle', 'history.metaDescription');
/** The account pages' stylesheet (the history table). */
export const handle: SheetsHandle = { sheets: ['account'] };

/** A visitor (or a session that ended) is told what the page holds and offered the login popup, here. */
function SignedOut() {
  const { t } = useTranslation();
  const { openLogin } = useAuthActions();
  return (
    <div className="container page-wide">
      <h1 className="page-title">{t('history.title')}</h1>
      <div className="empty-state">
        <p className="empty-state__title">{t('history.signedOut.title')}</p>
        <p>{t('history.signedOut.text')}</p>
        <button type="button" className="button button--primary" onClick={() => openLogin({ from: 'history' })}>
          {t('history.signedOut.logIn')}
        </button>
      </div>
    </div>
  );
}

/** The history: the user's tasks, or, for a visitor, a word on logging in. */
export default function HistoryTasksPage() {
  const user = useUser();
  return user.signedIn ? <History /> : <SignedOut />;
}

/** The user's tasks: date, name, tool, status and what can be done (download while the file lives, delete). */
function History() {
  const { t } = useTranslation();
  const lang = useLang();
  const localize = useLocalize();
  const copyText = useCopyText();
  /** A known code in the page's language; otherwise the server's own words. */
  const failureText = (task: HistoryTask) => copyText(task.errorCode && task.errorCode in ERRORS ? { code: task.errorCode as ErrorCode } : { text: task.message ?? '' });
  const { toast } = useToast();
  const { onDownloadClick } = useDownload();
  const [params, setParams] = useSearchParams();
  const pageNum = Math.max(1, Number.parseInt(params.get('page') ?? '1', 10) || 1);
  const [data, setData] = useState<HistoryPage>();
  const [error, setError] = useState<Copy>();
  const [confirming, setConfirming] = useState<HistoryTask>();
  const [deleting, setDeleting] = useState(false);
  const { callContext } = useAuthActions();

  const load = useCallback(async () => {
    try {
      setData(await userApi.historyTasks(callContext(), { pageNum, pageSize: HISTORY_PAGE_SIZE }));
      setError(undefined);
    } catch (e) {
      setError(e instanceof EnvelopeError ? e.userMessage : { code: 'INTERNAL' });
    }
  }, [callContext, pageNum]);

  useEffect(() => {
    void load();
  }, [load]);

  const pages = data ? pageCount(data.total) : 1;
  const goTo = useCallback((page: number) => setParams(page > 1 ? { page: String(page) } : {}, { preventScrollReset: true }), [setParams]);

  // A page emptied by deletions: show the last one that still has tasks.
  useEffect(() => {
    if (data && data.list.length === 0 && pageNum > pages) goTo(pages);
  }, [data, pageNum, pages, goTo]);

  const remove = async () => {
    if (!confirming) return;
    setDeleting(true);
    try {
      await userApi.deleteTasks(callContext(), [confirming.id]);
      toast({ key: 'history.deleted' }, 'success');
      await load();
    } catch (e) {
      toast(e instanceof EnvelopeError ? e.userMessage : { code: 'INTERNAL' }, 'error');
    } finally {
      setDeleting(false);
      setConfirming(undefined);
    }
  };

  const date = new Intl.DateTimeFormat(lang, { dateStyle: 'medium', timeStyle: 'short' });

  return (
    <div className="container page-wide">
      <h1 className="page-title">{t('history.title')}</h1>
      <p className="page-lead">{t('history.lead')}</p>

      {error && (
        <p className="form-error" role="alert">
          {copyText(error)}
        </p>
      )}
      {!data && !error && (
        <p className="page-lead" role="status">
          {t('history.loading')}
        </p>
      )}
      {data && data.total === 0 && (
        <div className="empty-state">
          <p>{t('history.empty')}</p>
          <Link className="button button--primary" to={`${localize('/')}#tools`}>
            {t('history.emptyAction')}
          </Link>
        </div>
      )}
      {data && data.list.length > 0 && (
        <table className="history-table">
          <caption className="visually-hidden">{t('history.caption', { page: pageNum, pages })}</caption>
          <thead>
            <tr>
              <th scope="col">{t('history.columns.date')}</th>
              <th scope="col">{t('history.columns.name')}</th>
              <th scope="col">{t('history.columns.tool')}</th>
              <th scope="col">{t('history.columns.status')}</th>
              <th scope="col">{t('history.columns.operation')}</th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((task) => {
              const url = taskDownloadUrl(task);
              return (
                <tr key={task.id}>
                  <td data-label={t('history.columns.date')}>
                    <time dateTime={task.date}>{date.format(new Date(task.date))}</time>
                  </td>
                  <td data-label={t('history.columns.name')} className="history-table__name">
                    <span title={task.name}>{task.name}</span>
                  </td>
                  <td data-label={t('history.columns.tool')}>{t(`tools.${task.tool}.name`, { defaultValue: task.tool })}</td>
                  <td data-label={t('history.columns.status')}>
                    <span className={`status-badge status-badge--${task.status}`}>{t(`history.status.${task.status}`)}</span>
                    {task.status === 'failed' && (task.errorCode || task.message) && <p className="history-table__reason">{failureText(task)}</p>}
                  </td>
                  <td data-label={t('history.columns.operation')}>
                    <div className="history-table__actions">
                      {url && (
                        <a className="button button--secondary button--small" href={url} download onClick={(e) => onDownloadClick(e)}>
                          <DownloadIcon width={16} height={16} /> {t('history.download')}
                          {task.filesize !== undefined && <span className="history-table__size">{formatBytes(task.filesize, t, lang)}</span>}
                          <span className="visually-hidden"> {task.name}</span>
                        </a>
                      )}
                      <button type="button" className="button button--ghost button--small button--danger" onClick={() => setConfirming(task)}>
                        {t('history.delete')}
                        <span className="visually-hidden"> {task.name}</span>
                      </button>
                    </div>
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      )}

      {data && pages > 1 && (
        <nav className="pagination" aria-label={t('history.pagination')}>
          <button type="button" className="button button--secondary button--small" disabled={pageNum <= 1} onClick={() => goTo(pageNum - 1)}>
            {t('history.previous')}
          </button>
          <span className="pagination__where" aria-live="polite">
            {t('history.pageOf', { page: pageNum, pages })}
          </span>
          <button type="button" className="button button--secondary button--small" disabled={pageNum >= pages} onClick={() => goTo(pageNum + 1)}>
            {t('history.next')}
          </button>
        </nav>
      )}

      {confirming && (
        <ConfirmDialog
          title={t('history.confirmTitle')}
          text={t('history.confirmText', { name: confirming.name })}
          confirmLabel={t('history.confirmDelete')}
          cancelLabel={t('history.cancel')}
          danger
          busy={deleting}
          onCancel={() => setConfirming(undefined)}
          onConfirm={() => void remove()}
        />
      )}
    </div>
  );
}

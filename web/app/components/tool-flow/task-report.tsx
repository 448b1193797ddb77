import { useTranslation } from 'react-i18next';
import type { RedactReport, SanitizeReport, TaskReport as Report } from '#shared/api';
import { SANITIZE_KINDS } from '#shared/tools/sanitize-kinds';
import { SignatureReport } from './signature-report';

/** What the task found and did: Sanitize PDF's kinds, Redact PDF's areas and the pages it could not redact in place, or Check signatures' findings. */
export function TaskReport({ report }: { report: Report }) {
  if (report.tool === 'redact-pdf') return <RedactSummary report={report} />;
  if (report.tool === 'validate-signature') return <SignatureReport report={report} />;
  return <SanitizeTable report={report} />;
}

function RedactSummary({ report }: { report: RedactReport }) {
  const { t } = useTranslation();
  return (
    <section className="task-report" aria-labelledby="task-report-title">
      <h3 id="task-report-title" className="task-report__title">
        {t('options.redact.report.title')}
      </h3>
      {report.areas === 0 && report.cleaned === 0 ? (
        <p className="task-report__none">{t('options.redact.report.nothing')}</p>
      ) : (
        <ul className="task-report__list">
          <li>{t('options.redact.report.areas', { count: report.areas, where: t('options.redact.report.pages', { count: report.pages }) })}</li>
          {report.cleaned > 0 && <li>{t('options.redact.report.cleaned', { count: report.cleaned })}</li>}
        </ul>
      )}
      {report.left.length > 0 && (
        <div className="notice" role="alert">
          <p>{t('options.redact.report.left')}</p>
          <ul>
            {report.left.map(({ page }) => (
              <li key={page}>{t('options.redact.report.leftPage', { page })}</li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}

function SanitizeTable({ report }: { report: SanitizeReport }) {
  const { t } = useTranslation();
  const total = SANITIZE_KINDS.reduce((n, kind) => n + report.found[kind], 0);
  return (
    <section className="task-report" aria-labelledby="task-report-title">
      <h3 id="task-report-title" className="task-report__title">
        {t('options.sanitize.report.title')}
      </h3>
      {total === 0 ? (
        <p className="task-report__none">{t('options.sanitize.report.nothing')}</p>
      ) : (
        <table className="task-report__table">
          <thead>
            <tr>
              <th scope="col">{t('options.sanitize.report.kind')}</th>
              <th scope="col">{t('options.sanitize.report.found')}</th>
              <th scope="col">{t('options.sanitize.report.removed')}</th>
            </tr>
          </thead>
          <tbody>
            {SANITIZE_KINDS.map((kind) => (
              <tr key={kind} className={report.found[kind] > report.removed[kind] ? 'task-report__kept' : undefined}>
                <th scope="row">{t(`options.sanitize.kinds.${kind}.label`)}</th>
                <td>{report.found[kind]}</td>
                <td>{report.found[kind] > report.removed[kind] ? t('options.sanitize.report.kept', { kept: report.found[kind] - report.removed[kind], removed: report.removed[kind] }) : report.removed[kind]}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import type { SanitizeReport, TaskReport as Report } from '#shared/api';
import { SANITIZE_KINDS } from '#shared/tools/sanitize-kinds';
import { SignatureReport } from './signature-report';

/** What the task found and did: Sanitize PDF's counts kind by kind, or Check signatures' findings. */
export function TaskReport({ report }: { report: Report }) {
  return report.tool === 'validate-signature' ? <SignatureReport report={report} /> : <SanitizeTable report={report} />;
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

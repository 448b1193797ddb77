import { useTranslation } from 'react-i18next';
import { ProgressBar } from './progress-bar';

/** Shown while the task runs: the spec's "do not close the browser", and what takes the time when it is long. */
export function ProgressView({ progress, note }: { progress: number; note?: string }) {
  const { t } = useTranslation();
  return (
    <div className="flow-panel progress-view">
      <h2 className="flow-panel__title">{t('flow.progress.title')}</h2>
      <ProgressBar value={progress} label={t('flow.progress.label')} indeterminate={progress === 0} />
      <p className="progress-view__text" role="status">
        {t('flow.progress.doNotClose')}
        {progress > 0 && ` · ${Math.round(progress * 100)}%`}
      </p>
      {note && <p className="progress-view__note">{note}</p>}
    </div>
  );
}

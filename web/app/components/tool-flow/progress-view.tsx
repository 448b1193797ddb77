import { useTranslation } from 'react-i18next';
import { ProgressBar } from './progress-bar';

/** Shown while the task runs: the spec's "do not close the browser". */
export function ProgressView({ progress }: { progress: number }) {
  const { t } = useTranslation();
  return (
    <div className="flow-panel progress-view">
      <h2 className="flow-panel__title">{t('flow.progress.title')}</h2>
      <ProgressBar value={progress} label={t('flow.progress.label')} indeterminate={progress === 0} />
      <p className="progress-view__text" role="status">
        {t('flow.progress.doNotClose')}
        {progress > 0 && ` · ${Math.round(progress * 100)}%`}
      </p>
    </div>
  );
}

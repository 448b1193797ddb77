import { useEffect, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import { ProgressBar } from './progress-bar';

/**
 * Shown while the task runs: the spec's "do not close the browser", and what takes the time when it is
 * long; while the server is too busy to take the task, when the page asks again.
 */
export function ProgressView({ progress, note, busySeconds }: { progress: number; note?: string; busySeconds?: number }) {
  const { t } = useTranslation();
  const panel = useRef<HTMLDivElement>(null);
  const heading = useRef<HTMLHeadingElement>(null);
  // The button that started the task is gone, and on a phone (or below a tall options panel) the
  // card would open off screen: bring it to the middle of the view, and focus its heading so
  // keyboard and screen-reader users are where the work is.
  useEffect(() => {
    heading.current?.focus({ preventScroll: true });
    panel.current?.scrollIntoView({ block: 'center' });
  }, []);
  return (
    <div className="flow-panel progress-view" ref={panel}>
      <h2 className="flow-panel__title" ref={heading} tabIndex={-1}>
        {t('flow.progress.title')}
      </h2>
      <ProgressBar value={progress} label={t('flow.progress.label')} indeterminate={progress === 0} />
      <p className="progress-view__text" role="status">
        {t('flow.progress.doNotClose')}
        {progress > 0 && ` · ${Math.round(progress * 100)}%`}
      </p>
      {busySeconds !== undefined && (
        <p className="progress-view__note">
          {/* Said once to screen readers; the countdown beside it changes every second and is only shown. */}
          <span className="visually-hidden" role="status">
            {t('errors.SERVICE_BUSY')}
          </span>
          <span aria-hidden="true">{busySeconds > 0 ? t('flow.progress.busy', { count: busySeconds }) : t('flow.progress.busyRetrying')}</span>
        </p>
      )}
      {note && <p className="progress-view__note">{note}</p>}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { PageOperation } from './operations';

/** Rotate, delete or add a blank page after the page in view; applied after the objects, in order. */
export function PageActions({ page, pages, onPageOp }: { page: number; pages: number; onPageOp: (op: PageOperation) => void }) {
  const { t } = useTranslation();
  const none: PageOperation['rect'] = [0, 0, 0, 0];
  return (
    <section className="editor-panel" aria-label={t('editor.pageActions.label', { n: page, total: pages })}>
      <h3 className="editor-panel__title">{t('editor.pageActions.label', { n: page, total: pages })}</h3>
      <div className="editor-panel__buttons">
        <button type="button" className="button button--secondary button--small" onClick={() => onPageOp({ type: 'rotatePage', page, rect: none, angle: 90 })}>
          {t('editor.pageActions.rotate')}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={() => onPageOp({ type: 'deletePage', page, rect: none })} disabled={pages < 2}>
          {t('editor.pageActions.delete')}
        </button>
        <button type="button" className="button button--secondary button--small" onClick={() => onPageOp({ type: 'insertBlank', page, rect: none })}>
          {t('editor.pageActions.insertBlank')}
        </button>
      </div>
    </section>
  );
}

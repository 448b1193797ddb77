import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useLocalize } from '~/lib/i18n';
import type { FileItem } from '../tool-flow/flow-state';

/** The pages of one file once pdf.js has counted them; until then, or if it cannot, says why. */
export function PagesGate({ file, children }: { file: FileItem; children: (pages: number) => ReactNode }) {
  const { t } = useTranslation();
  const localize = useLocalize();
  if (file.locked) {
    return (
      <p className="pages-state pages-state--warn" role="alert">
        {t('errors.PDF_ENCRYPTED')} <Link to={localize('/unlock-pdf')}>{t('tools.unlock-pdf.name')}</Link>
      </p>
    );
  }
  if (file.pages === undefined) {
    return file.previewFailed ? (
      <p className="pages-state pages-state--warn" role="alert">
        {t('grid.unreadable')}
      </p>
    ) : (
      <p className="pages-state is-loading" role="status">
        {t('grid.reading')}
      </p>
    );
  }
  return children(file.pages);
}

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { AI_FREE_LIMITS, AI_UNLIMITED_LIMITS, type AiLimits } from '#shared/ai/api';
import { formatBytes } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { useAuth } from '~/stores/auth-provider';
import { CloseIcon } from '../icons';
import { Modal } from '../layout/modal';

const MB = 1024 * 1024;

/**
 * The spec's 'Upgrade AI Plan' popup (the file limit, code 1506): the Free and Unlimited figures
 * side by side, and the AI plan to buy — a visitor signs in first with paying as the next step.
 */
export function AiLimitPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const auth = useAuth();
  const titleId = useId();
  const textId = useId();
  const unlimited = t('aiPdf.limit.unlimitedValue');
  const count = (value: number | null) => (value === null ? unlimited : new Intl.NumberFormat(lang).format(value));
  const size = (limits: AiLimits) => t('aiPdf.limit.perPdf', { size: formatBytes(limits.maxMb * MB, t, lang) });
  const rows = [
    { label: t('aiPdf.limit.rows.files'), value: (l: AiLimits) => count(l.files) },
    { label: t('aiPdf.limit.rows.questions'), value: (l: AiLimits) => count(l.questionsPerDay) },
    { label: t('aiPdf.limit.rows.size'), value: size },
    { label: t('aiPdf.limit.rows.pages'), value: (l: AiLimits) => count(l.maxPages) },
  ];
  const upgrade = () => {
    onClose();
    auth.openPay({ from: 'aiLimit', businessType: 'ai_pdf_single' });
  };
  return (
    <Modal className="limit-popup ai-limit-popup" labelledBy={titleId} describedBy={textId} onClose={onClose}>
      <div className="limit-popup__body">
        <button type="button" className="icon-button pay-popup__close" onClick={onClose} aria-label={t('aiPdf.limit.close')}>
          <CloseIcon width={18} height={18} />
        </button>
        <h2 id={titleId} className="pay-popup__title">
          {t('aiPdf.limit.title')}
        </h2>
        <p id={textId} className="pay-popup__subtitle">
          {t('aiPdf.limit.text')}
        </p>
        <table className="limit-table">
          <thead>
            <tr>
              <td />
              <th scope="col">{t('aiPdf.limit.free')}</th>
              <th scope="col">{t('aiPdf.limit.unlimited')}</th>
            </tr>
          </thead>
          <tbody>
            {rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.value(AI_FREE_LIMITS)}</td>
                <td>{row.value(AI_UNLIMITED_LIMITS)}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="button-row">
          <button type="button" className="button button--primary" onClick={upgrade} data-autofocus>
            {t('aiPdf.limit.upgrade')}
          </button>
        </div>
      </div>
    </Modal>
  );
}

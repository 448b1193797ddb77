import { useTranslation } from 'react-i18next';
import { AI_FREE_LIMITS, AI_UNLIMITED_LIMITS, aiLimitsOn, type AiLimits } from '#shared/ai/api';
import { formatBytes } from '~/lib/format';
import { useLang } from '~/lib/i18n';
import { useAiMaxPages } from '~/lib/root-data';
import { useAuthActions } from '~/stores/auth-provider';
import { PlanLimitDialog } from '../payment/plan-limit-dialog';

const MB = 1024 * 1024;

/**
 * The spec's 'Upgrade AI Plan' popup (the file limit, code 1506): the Free and Unlimited figures
 * side by side, and the AI plan to buy — a visitor signs in first with paying as the next step.
 */
export function AiLimitPopup({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  const lang = useLang();
  const auth = useAuthActions();
  const aiMaxPages = useAiMaxPages();
  const unlimited = t('aiPdf.limit.unlimitedValue');
  const count = (value: number | null) => (value === null ? unlimited : new Intl.NumberFormat(lang).format(value));
  const size = (limits: AiLimits) => t('aiPdf.limit.perPdf', { size: formatBytes(limits.maxMb * MB, t, lang) });
  const row = (label: string, value: (limits: AiLimits) => string) => ({
    label,
    free: value(aiLimitsOn(AI_FREE_LIMITS, aiMaxPages)),
    paid: value(aiLimitsOn(AI_UNLIMITED_LIMITS, aiMaxPages)),
  });
  const rows = [
    row(t('aiPdf.limit.rows.files'), (l) => count(l.files)),
    row(t('aiPdf.limit.rows.questions'), (l) => count(l.questionsPerDay)),
    row(t('aiPdf.limit.rows.size'), size),
    row(t('aiPdf.limit.rows.pages'), (l) => count(l.maxPages)),
  ];
  const upgrade = () => {
    onClose();
    auth.openPay({ from: 'aiLimit', businessType: 'ai_pdf_single' });
  };
  return (
    <PlanLimitDialog
      className="limit-popup ai-limit-popup"
      title={t('aiPdf.limit.title')}
      text={t('aiPdf.limit.text')}
      columns={{ free: t('aiPdf.limit.free'), paid: t('aiPdf.limit.unlimited') }}
      rows={rows}
      closeLabel={t('aiPdf.limit.close')}
      onClose={onClose}
    >
      <button type="button" className="button button--primary" onClick={upgrade} data-autofocus>
        {t('aiPdf.limit.upgrade')}
      </button>
    </PlanLimitDialog>
  );
}

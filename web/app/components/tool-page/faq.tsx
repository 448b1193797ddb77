import { useTranslation } from 'react-i18next';
import { type QA, QaList } from '../content/qa-list';

/** A tool page's questions and answers, from the tool's guide (page-only copy). */
export function Faq({ toolId }: { toolId: string }) {
  const { t } = useTranslation();
  const items = t(`toolGuides.${toolId}.faq`, { returnObjects: true, defaultValue: [] }) as QA[];
  return <QaList title={t('toolPage.faq')} items={Array.isArray(items) ? items : []} />;
}

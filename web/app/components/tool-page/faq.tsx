import { useTranslation } from 'react-i18next';
import { type QA, QaList } from '../content/qa-list';

/** A tool page's questions and answers, from the tool's locale entry. */
export function Faq({ toolId }: { toolId: string }) {
  const { t } = useTranslation();
  const items = t(`tools.${toolId}.faq`, { returnObjects: true, defaultValue: [] }) as QA[];
  return <QaList title={t('toolPage.faq')} items={Array.isArray(items) ? items : []} />;
}

import { useTranslation } from 'react-i18next';
import { type Step, StepList } from '../content/step-list';

/** A tool page's three steps, from the tool's guide (page-only copy). */
export function HowTo({ toolId }: { toolId: string }) {
  const { t } = useTranslation();
  const steps = t(`toolGuides.${toolId}.steps`, { returnObjects: true, defaultValue: [] }) as Step[];
  return <StepList title={t('toolPage.howTo', { name: t(`tools.${toolId}.name`) })} steps={Array.isArray(steps) ? steps : []} />;
}

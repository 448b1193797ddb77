import { useTranslation } from 'react-i18next';
import type { PlanLine } from '#shared/billing/plan-rules';
import { CheckIcon } from '../icons';

/** What a plan gives (shared/src/billing/plan-rules), each line with a check mark. */
export function PlanLines({ lines, className = 'plan-card__features', iconSize = 18 }: { lines: PlanLine[]; className?: string; iconSize?: number }) {
  const { t } = useTranslation();
  return (
    <ul className={className}>
      {lines.map((line) => (
        <li key={line.key}>
          <CheckIcon width={iconSize} height={iconSize} />
          {t(`pricing.lines.${line.key}`, line.values)}
        </li>
      ))}
    </ul>
  );
}

import { Link } from 'react-router';
import { useTranslation } from 'react-i18next';
import type { ToolSummary } from '#shared/tools/catalog';
import { useLocalize } from '~/lib/i18n';
import { ToolIcon } from '../tool-icon';

/** A tool's card, linking to its page (or to `to`, a path without language prefix, e.g. its /app page). */
export function ToolCard({ tool, to = `/${tool.id}` }: { tool: ToolSummary; to?: string }) {
  const { t } = useTranslation();
  const localize = useLocalize();

  return (
    <Link to={localize(to)} className={tool.built ? 'tool-card' : 'tool-card tool-card--soon'}>
      <ToolIcon category={tool.category} />
      <span className="tool-card__body">
        <span className="tool-card__title">
          <strong className="tool-card__name">{t(`tools.${tool.id}.name`)}</strong>
          {!tool.built && <span className="badge tool-card__badge">{t('home.comingSoon')}</span>}
        </span>
        <span className="tool-card__text">{t(`tools.${tool.id}.description`)}</span>
      </span>
    </Link>
  );
}

import { useTranslation } from 'react-i18next';
import type { ToolInfo } from '~/lib/tool-page';
import { useToolCatalog } from '~/lib/root-data';
import { ToolCard } from '../home/tool-card';
import { ToolIcon } from '../tool-icon';

/** Stands in for the upload area of a tool that is not built yet. */
export function NotBuilt({ tool }: { tool: ToolInfo }) {
  const { t } = useTranslation();
  const ready = useToolCatalog().filter((other) => other.built);

  return (
    <section className="tool-flow not-built" aria-labelledby="not-built-title">
      <ToolIcon category={tool.category} />
      <h2 id="not-built-title" className="not-built__title">
        {t('toolPage.notBuilt.title')}
      </h2>
      <p className="not-built__text">{t(`tools.${tool.id}.description`)}</p>
      <p className="not-built__text">{t('toolPage.notBuilt.text', { name: t(`tools.${tool.id}.name`) })}</p>
      <div className="card-grid card-grid--compact">
        {ready.map((other) => (
          <ToolCard key={other.id} tool={other} />
        ))}
      </div>
    </section>
  );
}

import { useTranslation } from 'react-i18next';
import { byCategory } from '#shared/tools/catalog';
import { useToolCatalog } from '~/lib/root-data';
import { ToolCard } from './tool-card';

/** Every tool, grouped like the header's More Tools menu. */
export function ToolCatalog() {
  const { t } = useTranslation();
  const groups = byCategory(useToolCatalog());
  return (
    <div className="catalog">
      {groups.map(({ category, tools }) => (
        <section key={category} className="catalog__group" aria-labelledby={`category-${category}`}>
          <h3 id={`category-${category}`} className="catalog__heading">
            {t(`categories.${category}`)}
          </h3>
          <div className="card-grid">
            {tools.map((tool) => (
              <ToolCard key={tool.id} tool={tool} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

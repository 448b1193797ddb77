import { useTranslation } from 'react-i18next';
import { TOOL_CATEGORIES, toolsIn } from '../../../../shared/src/tools';
import { ToolCard } from './tool-card';

/** Every tool, grouped like the header's More Tools menu. */
export function ToolCatalog() {
  const { t } = useTranslation();
  return (
    <div className="catalog">
      {TOOL_CATEGORIES.map((category) => (
        <section key={category} className="catalog__group" aria-labelledby={`category-${category}`}>
          <h3 id={`category-${category}`} className="catalog__heading">
            {t(`categories.${category}`)}
          </h3>
          <div className="card-grid">
            {toolsIn(category).map((tool) => (
              <ToolCard key={tool.id} tool={tool} />
            ))}
          </div>
        </section>
      ))}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Faq } from '~/components/tool-page/faq';
import { HowTo } from '~/components/tool-page/how-to';
import { NotBuilt } from '~/components/tool-page/not-built';
import { ToolFlow } from '~/components/tool-flow/tool-flow';
import { getI18n } from '~/lib/i18n';
import { originFrom, pageMeta } from '~/lib/seo';
import { toolForPath } from '~/lib/tool-page';
import type { Route } from './+types/tool';

export function meta({ location, matches }: Route.MetaArgs) {
  const { tool, lang } = toolForPath(location.pathname);
  if (!tool) return [];
  const { t } = getI18n(lang);
  return pageMeta({
    lang,
    // Aliases such as /shrink-pdf point search engines at the tool's own page.
    path: `/${tool.id}`,
    title: t(`tools.${tool.id}.metaTitle`),
    description: t(`tools.${tool.id}.metaDescription`),
    origin: originFrom(matches),
  });
}

/** One page for every tool, driven by its registry entry and its copy. */
export default function ToolPage() {
  const { t } = useTranslation();
  const { tool } = toolForPath(useLocation().pathname);
  if (!tool) return null;

  return (
    <>
      <section className="tool-hero">
        <div className="container">
          <h1 className="tool-hero__title">{t(`tools.${tool.id}.title`)}</h1>
          <p className="tool-hero__subtitle">{t(`tools.${tool.id}.subtitle`)}</p>
        </div>
      </section>
      <div className="container tool-main">
        {/* Remount on tool change so a client-side navigation starts a fresh flow. */}
        {tool.built ? <ToolFlow key={tool.id} tool={tool} /> : <NotBuilt tool={tool} />}
      </div>
      {tool.built && (
        <div className="container">
          <HowTo toolId={tool.id} />
          <Faq toolId={tool.id} />
        </div>
      )}
    </>
  );
}

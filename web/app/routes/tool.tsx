import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { maxFilesOf } from '#shared/tools/define';
import { EditorWorkspace } from '~/components/editor/editor-workspace';
import { isEditorKind } from '~/components/editor/editor-tools';
import { Faq } from '~/components/tool-page/faq';
import { HowTo } from '~/components/tool-page/how-to';
import { NotBuilt } from '~/components/tool-page/not-built';
import { ToolFlow } from '~/components/tool-flow/tool-flow';
import { getI18n } from '~/lib/i18n';
import { pageCopy } from '~/lib/page-copy.server';
import { pageServices } from '~/lib/page-services.server';
import { faqLd, originFrom, pageMeta, webApplicationLd } from '~/lib/seo';
import { toolForPath } from '~/lib/tool-page';
import type { Route } from './+types/tool';

/**
 * The tool's steps and FAQ are page-only copy: each tool page brings its own (see PAGE_RESOURCES).
 * Files per task come from the server too, where an operator sets them (eBooks).
 */
export function loader({ request, pattern, context }: Route.LoaderArgs) {
  // The route's own path ('fr/merge-pdf'): request.url ends in `.data` when the browser fetches the page's data.
  const { tool } = toolForPath(`/${pattern.replace(/^\/+/, '')}`);
  if (!tool) return { pageCopy: undefined, maxFiles: undefined };
  return {
    pageCopy: pageCopy(request, 'toolGuides', tool.id),
    maxFiles: tool.maxFilesSetting ? maxFilesOf(tool, pageServices(context).config) : tool.maxFiles,
  };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const { tool, lang } = toolForPath(location.pathname);
  if (!tool) return [];
  const { t } = getI18n(lang);
  const origin = originFrom(matches);
  // Aliases such as /shrink-pdf point search engines at the tool's own page.
  const path = `/${tool.id}`;
  const description = t(`tools.${tool.id}.metaDescription`);
  const app = webApplicationLd({ origin, lang, path, name: t(`tools.${tool.id}.name`), description });
  const faq = t(`toolGuides.${tool.id}.faq`, { returnObjects: true, defaultValue: [] }) as Array<{ q: string; a: string }>;
  return pageMeta({
    lang,
    path,
    title: t(`tools.${tool.id}.metaTitle`),
    description,
    origin,
    jsonLd: Array.isArray(faq) && faq.length ? [app, faqLd(faq)] : [app],
  });
}

/** One page for every tool, driven by its registry entry and its copy. */
export default function ToolPage({ loaderData }: Route.ComponentProps) {
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
        {/* Edit, annotate and sign share one workspace that builds its operations in the browser. */}
        {isEditorKind(tool.id) ? (
          <EditorWorkspace key={tool.id} tool={tool} />
        ) : tool.built ? (
          <ToolFlow key={tool.id} tool={tool} maxFiles={loaderData.maxFiles} />
        ) : (
          <NotBuilt tool={tool} />
        )}
      </div>
      {/* A tool still being built has its guide too: how it will work, and what it offers meanwhile. */}
      <div className="container">
        <HowTo toolId={tool.id} />
        <Faq toolId={tool.id} />
      </div>
    </>
  );
}

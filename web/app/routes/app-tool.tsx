import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { getTool } from '#shared/tools';
import { EditorStart } from '~/components/editor/editor-start';
import { ToolFlow } from '~/components/tool-flow/tool-flow';
import { TOOL_OPTIONS } from '~/components/tool-flow/tool-options';
import { isEditorKind } from '~/lib/editor-kind';
import { getI18n, langFromPath, stripLang } from '~/lib/i18n';
import { hasOptions } from '~/lib/options-tools';
import { routeCopy } from '~/lib/page-copy.server';
import { toolCopy } from '~/lib/tool-page.server';
import { originFrom, pageMeta } from '~/lib/seo';
import type { SheetsHandle } from '~/lib/inline-styles';
import type { Route } from './+types/app-tool';

/** The workspace's editor pages need the editor's stylesheet (the other tools' pages carry it unused). */
export const handle: SheetsHandle = { sheets: ['tools', 'editor'] };

/** '/fr/app/pdf-to-word' → the pdf-to-word tool (routes.ts only maps the workspace's tools here). */
const toolOf = (pathname: string) => getTool(stripLang(pathname).split('/').filter(Boolean)[1] ?? '');

/** The copy of the tool's flow, which the browser does not load up front (see ROUTE_COPY). */
export function loader({ request, pattern }: Route.LoaderArgs) {
  // The route's own path ('fr/app/pdf-to-word'): request.url ends in `.data` when the browser fetches the page's data.
  const tool = toolOf(`/${pattern.replace(/^\/+/, '')}`);
  return { pageCopy: tool ? routeCopy(request, toolCopy(tool.id)) : undefined };
}

export function meta({ location, matches }: Route.MetaArgs) {
  const tool = toolOf(location.pathname);
  if (!tool) return [];
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  // The workspace repeats the tool pages: search engines list those, not these.
  return pageMeta({ lang, path: `/app/${tool.id}`, title: t(`tools.${tool.id}.metaTitle`), description: t(`tools.${tool.id}.metaDescription`), origin: originFrom(matches), noindex: true });
}

/** A tool in the workspace: its title and its flow, without the landing page's steps and questions. */
export default function AppToolPage() {
  const { t } = useTranslation();
  const tool = toolOf(useLocation().pathname);
  if (!tool) return null;
  return (
    <div className="container workspace-tool">
      <h1 className="workspace-tool__title">{t(`tools.${tool.id}.title`)}</h1>
      <p className="workspace-tool__subtitle">{t(`tools.${tool.id}.subtitle`)}</p>
      {isEditorKind(tool.id) ? <EditorStart key={tool.id} tool={tool} /> : <ToolFlow key={tool.id} tool={tool} options={hasOptions(tool.id) ? TOOL_OPTIONS[tool.id] : undefined} />}
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { ToolCard } from '~/components/home/tool-card';
import { useAppTools } from '~/lib/app-tools';
import { getI18n, langFromPath } from '~/lib/i18n';
import { originFrom, pageMeta } from '~/lib/seo';
import type { Route } from './+types/app';

export function meta({ location, matches }: Route.MetaArgs) {
  const lang = langFromPath(location.pathname);
  const { t } = getI18n(lang);
  // The workspace repeats the tool pages without their copy: search engines get the tool pages.
  return pageMeta({ lang, path: '/app', title: t('workspace.metaTitle'), description: t('workspace.metaDescription'), origin: originFrom(matches), noindex: true });
}

/** /app: the workspace's tools, each opening in the workspace. */
export default function AppHome() {
  const { t } = useTranslation();
  const tools = useAppTools();
  return (
    <div className="container workspace-home">
      <h1 className="page-title">{t('workspace.title')}</h1>
      <p className="page-lead">{t('workspace.lead')}</p>
      <div className="card-grid">
        {tools.map((tool) => (
          <ToolCard key={tool.id} tool={tool} to={`/app/${tool.id}`} />
        ))}
      </div>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import type { ToolInfo } from '~/lib/tool-page';
import { Faq } from './faq';
import { HowTo } from './how-to';

/**
 * A tool page around its workspace: the title and subtitle above, the tool's steps and FAQ below.
 * `bare`: the workspace alone, as the editor is once a file is open (it takes the whole window).
 */
export function ToolPageFrame({ tool, bare = false, children }: { tool: ToolInfo; bare?: boolean; children: React.ReactNode }) {
  const { t } = useTranslation();
  // The workspace keeps its place among the siblings either way, so it is not mounted afresh.
  return (
    <>
      {/* The workspace alone keeps the page's name for screen readers and the outline. */}
      {bare ? (
        <h1 className="visually-hidden">{t(`tools.${tool.id}.title`)}</h1>
      ) : (
        <section className="tool-hero">
          <div className="container">
            <h1 className="tool-hero__title">{t(`tools.${tool.id}.title`)}</h1>
            <p className="tool-hero__subtitle">{t(`tools.${tool.id}.subtitle`)}</p>
          </div>
        </section>
      )}
      <div className={bare ? 'tool-main tool-main--bare' : 'container tool-main'}>{children}</div>
      {/* A tool still being built has its guide too: how it will work, and what it offers meanwhile. */}
      {!bare && (
        <div className="container">
          <HowTo toolId={tool.id} />
          <Faq toolId={tool.id} />
        </div>
      )}
    </>
  );
}

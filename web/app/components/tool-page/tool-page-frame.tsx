import { useTranslation } from 'react-i18next';
import type { ToolInfo } from '~/lib/tool-page';
import { Faq } from './faq';
import { HowTo } from './how-to';

/** A tool page around its workspace: the title and subtitle above, the tool's steps and FAQ below. */
export function ToolPageFrame({ tool, children }: { tool: ToolInfo; children: React.ReactNode }) {
  const { t } = useTranslation();
  return (
    <>
      <section className="tool-hero">
        <div className="container">
          <h1 className="tool-hero__title">{t(`tools.${tool.id}.title`)}</h1>
          <p className="tool-hero__subtitle">{t(`tools.${tool.id}.subtitle`)}</p>
        </div>
      </section>
      <div className="container tool-main">{children}</div>
      {/* A tool still being built has its guide too: how it will work, and what it offers meanwhile. */}
      <div className="container">
        <HowTo toolId={tool.id} />
        <Faq toolId={tool.id} />
      </div>
    </>
  );
}

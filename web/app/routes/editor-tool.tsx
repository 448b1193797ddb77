import { EditorStart } from '~/components/editor/editor-start';
import { ToolPageFrame } from '~/components/tool-page/tool-page-frame';
import { toolPageMeta } from '~/lib/tool-page';
import { toolPageLoader } from '~/lib/tool-page.server';
import type { SheetsHandle } from '~/lib/inline-styles';
import type { Route } from './+types/editor-tool';

/** The editor's stylesheet comes with its pages. */
export const handle: SheetsHandle = { sheets: ['editor'] };

export const loader = (args: Route.LoaderArgs) => toolPageLoader(args);

export const meta = (args: Route.MetaArgs) => toolPageMeta(args);

/** The edit, annotate and sign pages: one workspace that builds its operations in the browser. */
export default function EditorToolPage({ loaderData: { tool } }: Route.ComponentProps) {
  if (!tool) return null;
  return (
    <ToolPageFrame tool={tool}>
      {/* Remount on tool change so a client-side navigation starts a fresh workspace. */}
      <EditorStart key={tool.id} tool={tool} />
    </ToolPageFrame>
  );
}

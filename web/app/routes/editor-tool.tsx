import { useState } from 'react';
import { EditorStart } from '~/components/editor/editor-start';
import { ToolPageFrame } from '~/components/tool-page/tool-page-frame';
import { toolPageMeta } from '~/lib/tool-page';
import { toolPageLoader } from '~/lib/tool-page.server';
import type { SheetsHandle } from '~/lib/inline-styles';
import type { Route } from './+types/editor-tool';

/** The editor's stylesheet comes with its pages. */
export const handle: SheetsHandle = { sheets: ['tools', 'editor'] };

export const loader = (args: Route.LoaderArgs) => toolPageLoader(args);

export const meta = (args: Route.MetaArgs) => toolPageMeta(args);

/**
 * The edit, annotate and sign pages: one workspace that builds its operations in the browser. Once a
 * file is open the page's heading, steps and FAQ make way, and the workspace takes the window.
 */
export default function EditorToolPage({ loaderData: { tool } }: Route.ComponentProps) {
  const [working, setWorking] = useState(false);
  if (!tool) return null;
  return (
    <ToolPageFrame tool={tool} bare={working}>
      {/* Remount on tool change so a client-side navigation starts a fresh workspace. */}
      <EditorStart key={tool.id} tool={tool} onWorking={setWorking} />
    </ToolPageFrame>
  );
}

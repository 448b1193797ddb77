import { useLocation } from 'react-router';
import { NotBuilt } from '~/components/tool-page/not-built';
import { ToolPageFrame } from '~/components/tool-page/tool-page-frame';
import { ToolFlow } from '~/components/tool-flow/tool-flow';
import { toolForPath, toolPageMeta } from '~/lib/tool-page';
import { toolPageLoader } from '~/lib/tool-page.server';
import type { Route } from './+types/tool';

export const loader = (args: Route.LoaderArgs) => toolPageLoader(args);

export const meta = (args: Route.MetaArgs) => toolPageMeta(args);

/**
 * One page for every tool that runs on the server, driven by its registry entry and its copy. The
 * editors (edit, annotate, sign) have a route of their own (editor-tool.tsx), so neither page
 * loads the other's code.
 */
export default function ToolPage({ loaderData }: Route.ComponentProps) {
  const { tool } = toolForPath(useLocation().pathname);
  if (!tool) return null;
  return (
    <ToolPageFrame tool={tool}>
      {/* Remount on tool change so a client-side navigation starts a fresh flow. */}
      {tool.built ? <ToolFlow key={tool.id} tool={tool} maxFiles={loaderData.maxFiles} /> : <NotBuilt tool={tool} />}
    </ToolPageFrame>
  );
}

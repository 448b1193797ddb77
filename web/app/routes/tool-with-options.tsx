import { NotBuilt } from '~/components/tool-page/not-built';
import { ToolPageFrame } from '~/components/tool-page/tool-page-frame';
import { ToolFlow } from '~/components/tool-flow/tool-flow';
import { hasOptions } from '~/components/tool-flow/options-tools';
import { TOOL_OPTIONS } from '~/components/tool-flow/tool-options';
import { toolPageMeta } from '~/lib/tool-page';
import { toolPageLoader } from '~/lib/tool-page.server';
import type { Route } from './+types/tool-with-options';

export const loader = (args: Route.LoaderArgs) => toolPageLoader(args);

export const meta = (args: Route.MetaArgs) => toolPageMeta(args);

/** The page of a tool with an options panel (OPTIONS_TOOLS): tool.tsx's page, with the panels. */
export default function ToolWithOptionsPage({ loaderData: { tool, maxFiles } }: Route.ComponentProps) {
  if (!tool) return null;
  return (
    <ToolPageFrame tool={tool}>
      {/* Remount on tool change so a client-side navigation starts a fresh flow. */}
      {tool.built ? (
        <ToolFlow key={tool.id} tool={tool} options={hasOptions(tool.id) ? TOOL_OPTIONS[tool.id] : undefined} maxFiles={maxFiles} />
      ) : (
        <NotBuilt tool={tool} />
      )}
    </ToolPageFrame>
  );
}

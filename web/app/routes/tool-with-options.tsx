import { ServerToolPage } from '~/components/tool-page/server-tool-page';
import { hasOptions } from '~/lib/options-tools';
import { TOOL_OPTIONS } from '~/components/tool-flow/tool-options';
import { toolPageMeta } from '~/lib/tool-page';
import { toolPageLoader } from '~/lib/tool-page.server';
import type { SheetsHandle } from '~/lib/inline-styles';
import type { Route } from './+types/tool-with-options';

/** The tool pages' stylesheet comes with them only. */
export const handle: SheetsHandle = { sheets: ['tools'] };

export const loader = (args: Route.LoaderArgs) => toolPageLoader(args);

export const meta = (args: Route.MetaArgs) => toolPageMeta(args);

/** The page of a tool with an options panel (OPTIONS_TOOLS): tool.tsx's page, with the panels. */
export default function ToolWithOptionsPage({ loaderData: { tool, maxFiles } }: Route.ComponentProps) {
  return <ServerToolPage tool={tool} maxFiles={maxFiles} options={tool && hasOptions(tool.id) ? TOOL_OPTIONS[tool.id] : undefined} />;
}

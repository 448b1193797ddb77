import { ServerToolPage } from '~/components/tool-page/server-tool-page';
import { toolPageMeta } from '~/lib/tool-page';
import { toolPageLoader } from '~/lib/tool-page.server';
import type { SheetsHandle } from '~/lib/inline-styles';
import type { Route } from './+types/tool';

/** The tool pages' stylesheet comes with them only. */
export const handle: SheetsHandle = { sheets: ['tools'] };

export const loader = (args: Route.LoaderArgs) => toolPageLoader(args);

export const meta = (args: Route.MetaArgs) => toolPageMeta(args);

/**
 * One page for every tool that runs on the server without options of its own, driven by what its
 * loader reads of the registry and by its copy. The tools with options (tool-with-options.tsx) and
 * the editors (editor-tool.tsx) have routes of their own, so no page loads another's code.
 */
export default function ToolPage({ loaderData: { tool, maxFiles } }: Route.ComponentProps) {
  return <ServerToolPage tool={tool} maxFiles={maxFiles} />;
}

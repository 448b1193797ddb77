import { ToolFlow } from '../tool-flow/tool-flow';
import type { ToolOptions } from '../tool-flow/options-types';
import type { ToolInfo } from '~/lib/tool-page';
import { ToolPageFrame } from './tool-page-frame';

/** The page of a tool that runs on the server: its flow (with the tool's options panel, when the route has one to give) in the page frame. */
export function ServerToolPage({ tool, maxFiles, options }: { tool: ToolInfo | undefined; maxFiles?: number; options?: ToolOptions<any> }) {
  if (!tool) return null;
  return (
    <ToolPageFrame tool={tool}>
      {/* Remount on tool change so a client-side navigation starts a fresh flow. */}
      <ToolFlow key={tool.id} tool={tool} options={options} maxFiles={maxFiles} />
    </ToolPageFrame>
  );
}

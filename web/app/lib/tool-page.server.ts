import type { RouterContextProvider } from 'react-router';
import { getTool, toolSlugs, type ToolDefinition } from '#shared/tools';
import { maxFilesOf } from '#shared/tools/define';
import type { RouteCopyFile } from './copy/bundle';
import { isEditorKind } from './editor-kind';
import { stripLang } from './i18n';
import { hasOptions } from './options-tools';
import { pageCopy, routeCopy } from './page-copy.server';
import { pageServices } from './page-services.server';
import type { ToolInfo } from './tool-page';

const TOOL_BY_SLUG = new Map(toolSlugs().map(({ slug, toolId }) => [slug, toolId]));

/** The tool a tool-page path shows: '/fr/shrink-pdf' → compress-pdf. */
function toolForPath(pathname: string): ToolDefinition | undefined {
  const id = TOOL_BY_SLUG.get(stripLang(pathname).split('/').filter(Boolean)[0] ?? '');
  return id ? getTool(id) : undefined;
}

const toolInfo = ({ id, category, accepts, minFiles, maxFiles, output, reportsSaving, built }: ToolDefinition): ToolInfo => ({
  id,
  category,
  accepts,
  minFiles,
  maxFiles,
  output,
  built,
  ...(reportsSaving && { reportsSaving }),
});

interface ToolPageLoaderArgs {
  request: Request;
  pattern: string;
  context: Readonly<RouterContextProvider>;
}

/** The copy of the tool pages' own parts: page grids and result notices, then the options panels or the editor. */
export function toolCopy(toolId: string): RouteCopyFile[] {
  return ['grid', 'notices', ...(hasOptions(toolId) ? (['options'] as const) : []), ...(isEditorKind(toolId) ? (['editor'] as const) : [])];
}

/**
 * A tool page's loader (tools and editors alike): what the page needs of its tool. The tool's steps
 * and FAQ are page-only copy: each tool page brings its own (see PAGE_RESOURCES), with the copy of
 * its flow (toolCopy). Files per task come from the server too, where an operator sets them (eBooks).
 */
export function toolPageLoader({ request, pattern, context }: ToolPageLoaderArgs) {
  // The route's own path ('fr/merge-pdf'): request.url ends in `.data` when the browser fetches the page's data.
  const tool = toolForPath(`/${pattern.replace(/^\/+/, '')}`);
  if (!tool) return { tool: undefined, pageCopy: undefined, maxFiles: undefined };
  return {
    tool: toolInfo(tool),
    pageCopy: routeCopy(request, toolCopy(tool.id), pageCopy(request, 'toolGuides', tool.id)),
    maxFiles: tool.maxFilesSetting ? maxFilesOf(tool, pageServices(context).config) : tool.maxFiles,
  };
}

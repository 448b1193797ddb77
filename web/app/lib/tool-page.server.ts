import type { RouterContextProvider } from 'react-router';
import { maxFilesOf } from '#shared/tools/define';
import { pageCopy } from './page-copy.server';
import { pageServices } from './page-services.server';
import { toolForPath } from './tool-page';

interface ToolPageLoaderArgs {
  request: Request;
  pattern: string;
  context: Readonly<RouterContextProvider>;
}

/**
 * A tool page's loader (tools and editors alike). The tool's steps and FAQ are page-only copy:
 * each tool page brings its own (see PAGE_RESOURCES). Files per task come from the server too,
 * where an operator sets them (eBooks).
 */
export function toolPageLoader({ request, pattern, context }: ToolPageLoaderArgs) {
  // The route's own path ('fr/merge-pdf'): request.url ends in `.data` when the browser fetches the page's data.
  const { tool } = toolForPath(`/${pattern.replace(/^\/+/, '')}`);
  if (!tool) return { pageCopy: undefined, maxFiles: undefined };
  return {
    pageCopy: pageCopy(request, 'toolGuides', tool.id),
    maxFiles: tool.maxFilesSetting ? maxFilesOf(tool, pageServices(context).config) : tool.maxFiles,
  };
}

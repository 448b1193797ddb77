import type { ToolId } from '#shared/tools';

/** The tools of the /app workspace (the spec's children of /app, besides ai-pdf). */
export const APP_TOOLS = ['compress-pdf', 'edit-pdf', 'pdf-to-excel', 'pdf-to-jpg', 'pdf-to-ppt', 'pdf-to-txt', 'pdf-to-word'] as const satisfies readonly ToolId[];

import { useMemo } from 'react';
import { inMenu, type ToolSummary } from '#shared/tools/catalog';
import { useToolCatalog } from './root-data';

/** The tools of the /app workspace (the spec's children of /app, besides ai-pdf), as their declarations place them. */
export function useAppTools(): ToolSummary[] {
  const tools = useToolCatalog();
  return useMemo(() => inMenu(tools, 'workspace'), [tools]);
}

import { useRouteLoaderData } from 'react-router';
import { planColumns, type PlanColumns } from '#shared/billing/plan-rules';
import { DEFAULT_AI_MAX_PAGES, DEFAULT_MAX_UPLOAD_MB } from '#shared/limits';
import type { ToolSummary } from '#shared/tools/catalog';
import type { rootData } from './root-data.server';

/** What root's loader found for the whole page (origin, session, chrome settings), if it ran. */
export function useRootData() {
  return useRouteLoaderData<typeof rootData>('root');
}

const NO_TOOLS: ToolSummary[] = [];

/** Every tool, for menus and tool lists (the registry itself, with its schemas, stays on the server). */
export function useToolCatalog(): ToolSummary[] {
  return useRootData()?.tools ?? NO_TOOLS;
}

/** The largest upload this server accepts, in bytes (MAX_UPLOAD_MB); the default before root data has loaded. */
export function useMaxUploadBytes(): number {
  return (useRootData()?.maxUploadMb ?? DEFAULT_MAX_UPLOAD_MB) * 1024 * 1024;
}

/** The pages an AI document may have on this server (AI_MAX_PAGES); the default before root data has loaded. */
export function useAiMaxPages(): number {
  return useRootData()?.aiMaxPages ?? DEFAULT_AI_MAX_PAGES;
}

/** The named tools of the catalogue, in the order given. */
export function useTools(ids: readonly string[]): ToolSummary[] {
  const tools = useToolCatalog();
  return ids.flatMap((id) => tools.filter((tool) => tool.id === id));
}

/**
 * What each plan gets on this server (shared/src/billing/plan-rules), from the settings root data
 * carries; null when billing is off and nothing is sold.
 */
export function usePlanColumns(): PlanColumns | null {
  const root = useRootData();
  if (!root?.billingConfigured) return null;
  return planColumns({ downloadPolicy: root.downloadPolicy, freeDailyTasks: root.freeDailyTasks, maxUploadMb: root.maxUploadMb, aiMaxPages: root.aiMaxPages, generativeAi: root.generativeAi });
}

import type { TEditDocument, TOperationType } from '../editor/operations';

/**
 * What needs Pro (or its trial) when billing is configured: editing a PDF's existing text, the
 * spec's "text editing is said to need a subscription". Everything else in the editor is free.
 */
export const PRO_OPERATIONS: ReadonlySet<TOperationType> = new Set<TOperationType>(['replaceText']);

/** Whether a tool's parsed options place an operation only Pro may use. */
export function usesProOperation(options: Record<string, unknown>): boolean {
  const doc = options.operations as TEditDocument | undefined;
  return doc?.operations?.some((o) => PRO_OPERATIONS.has(o.type)) ?? false;
}

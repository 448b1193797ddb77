import type { ToolId } from '../../../../shared/src/tools';
import { compressOptions } from './options-compress';
import { splitOptions } from './options-split';
import type { ToolOptions } from './options-types';

/**
 * Option panels of the tools that have options; a tool without an entry sends no options.
 * Each entry keeps its own state type; the flow only passes that state back to the same entry.
 */
export const TOOL_OPTIONS: Partial<Record<ToolId, ToolOptions<any>>> = {
  'split-pdf': splitOptions,
  'compress-pdf': compressOptions,
};

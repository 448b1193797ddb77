import type { ToolId } from '../../../../shared/src/tools';
import { compressOptions } from './options-compress';
import { deleteOptions } from './options-delete';
import { organizeOptions } from './options-organize';
import { protectOptions } from './options-protect';
import { rotateOptions } from './options-rotate';
import { splitOptions } from './options-split';
import type { ToolOptions } from './options-types';
import { unlockOptions } from './options-unlock';

/**
 * Option panels of the tools that have options; a tool without an entry sends no options.
 * Each entry keeps its own state type; the flow only passes that state back to the same entry.
 */
export const TOOL_OPTIONS: Partial<Record<ToolId, ToolOptions<any>>> = {
  'split-pdf': splitOptions,
  'compress-pdf': compressOptions,
  'delete-pages': deleteOptions,
  'organize-pdf': organizeOptions,
  'rotate-pdf': rotateOptions,
  'protect-pdf': protectOptions,
  'unlock-pdf': unlockOptions,
};

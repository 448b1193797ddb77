import { useCallback } from 'react';
import { useRootData } from '~/lib/root-data';
import { useAuthActions, useUser } from '~/stores/auth-provider';
import type { ToolName } from './editor-tools';

/** The tools that place a Pro operation (PRO_OPERATIONS in #shared/billing/pro-features): edit existing text places replaceText. */
const PRO_TOOLS: ReadonlySet<ToolName> = new Set<ToolName>(['editText']);

/**
 * Whether a tool may be chosen now. A Pro tool needs Pro or the trial when billing is configured
 * (the server refuses its edits otherwise): choosing it then opens the payment popup (a visitor
 * signs in first) instead of entering the tool. Without billing, every tool is free.
 */
export function useProGate(): (tool: ToolName) => boolean {
  const user = useUser();
  const billingConfigured = useRootData()?.billingConfigured ?? false;
  const isVip = user.vipInfo?.isVip ?? false;
  const { openPay } = useAuthActions();
  return useCallback(
    (tool: ToolName) => {
      if (!PRO_TOOLS.has(tool) || !billingConfigured || isVip) return true;
      openPay({ from: 'editText' });
      return false;
    },
    [billingConfigured, isVip, openPay],
  );
}

import { createContext, useContext, useMemo, useReducer, type ReactNode } from 'react';
import type { Copy } from '~/lib/messages';

export type ToastTone = 'success' | 'error' | 'info';

/** A toast's copy, resolved when shown, in the page's language. */
export type ToastMessage = Copy;

export interface ShownToast {
  id: number;
  message: ToastMessage;
  tone: ToastTone;
}

export interface ToastActions {
  toast(message: ToastMessage, tone?: ToastTone): void;
  dismissToast(id: number): void;
}

// Two contexts: whoever shows a toast holds functions that never change, so showing one re-renders
// only the toast itself.
const ActionsContext = createContext<ToastActions | null>(null);
const ShownContext = createContext<ShownToast | undefined>(undefined);

export type ToastAction = { type: 'toast'; message: ToastMessage; tone: ToastTone } | { type: 'dismissToast'; id: number };

let toastIds = 0;

/** The page's one toast: a new one replaces the one showing; dismissing a replaced one changes nothing. */
export function toastReducer(shown: ShownToast | undefined, action: ToastAction): ShownToast | undefined {
  switch (action.type) {
    case 'toast':
      return { id: ++toastIds, message: action.message, tone: action.tone };
    case 'dismissToast':
      return shown?.id === action.id ? undefined : shown;
  }
}

export function ToastProvider({ children }: { children: ReactNode }) {
  const [shown, dispatch] = useReducer(toastReducer, undefined);
  const actions = useMemo<ToastActions>(
    () => ({
      toast: (message, tone = 'info') => dispatch({ type: 'toast', message, tone }),
      dismissToast: (id) => dispatch({ type: 'dismissToast', id }),
    }),
    [],
  );
  return (
    <ActionsContext.Provider value={actions}>
      <ShownContext.Provider value={shown}>{children}</ShownContext.Provider>
    </ActionsContext.Provider>
  );
}
// Named in production builds too, so a render count can tell the toast's own store from the page.
ToastProvider.displayName = 'ToastProvider';

export function useToast(): ToastActions {
  const value = useContext(ActionsContext);
  if (!value) throw new Error('useToast outside ToastProvider');
  return value;
}

/** The toast showing now, for the toast region only. */
export const useShownToast = () => useContext(ShownContext);

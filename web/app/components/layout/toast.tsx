import { useEffect } from 'react';
import { useCopyText } from '~/lib/messages';
import { useShownToast, useToast } from '~/stores/toasts';
import { AlertIcon, CheckIcon } from '../icons';

const SHOW_MS = 3500;

/** The one toast of the page ('Login Successful', a refused download…), announced politely. */
export function Toast() {
  const toast = useShownToast();
  const { dismissToast } = useToast();
  const copyText = useCopyText();

  useEffect(() => {
    if (!toast) return;
    const timer = setTimeout(() => dismissToast(toast.id), SHOW_MS);
    return () => clearTimeout(timer);
  }, [toast, dismissToast]);

  return (
    <div className="toast-region" role="status" aria-live="polite">
      {toast && (
        <p key={toast.id} className={`toast toast--${toast.tone}`}>
          {toast.tone === 'error' && <AlertIcon width={18} height={18} />}
          {toast.tone === 'success' && <CheckIcon width={18} height={18} />}
          {copyText(toast.message)}
        </p>
      )}
    </div>
  );
}

import { useEffect, useRef, type KeyboardEvent, type ReactNode } from 'react';

const FOCUSABLE = 'a[href], button:not([disabled]), input:not([disabled]):not([type="hidden"]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

interface ModalProps {
  /** Id of the dialog's title. */
  labelledBy: string;
  describedBy?: string;
  className?: string;
  onClose: () => void;
  children: ReactNode;
}

/**
 * A modal dialog, mounted while open: the browser's own modal `<dialog>` (the page behind is inert),
 * Escape and a click on the backdrop close it, Tab cycles inside it, the page does not scroll
 * behind it, focus starts on the `data-autofocus` element and goes back where it was on close.
 */
export function Modal({ labelledBy, describedBy, className, onClose, children }: ModalProps) {
  const ref = useRef<HTMLDialogElement>(null);
  const pressedOnBackdrop = useRef(false);
  const close = useRef(onClose);
  close.current = onClose;
  /** Set while the component itself closes the dialog, so the browser's close event is not taken for the user's. */
  const closingItself = useRef(false);

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const returnTo = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const overflow = document.body.style.overflow;
    document.body.style.overflow = 'hidden';
    if (!dialog.open) dialog.showModal();
    // The browser focuses the first control (often the close button); the dialog may name a better one.
    dialog.querySelector<HTMLElement>('[data-autofocus]')?.focus();
    return () => {
      // React's development mode runs this and the effect again at once: the close event it fires
      // arrives after the dialog is open again and must not close the popup's state.
      if (dialog.open) {
        closingItself.current = true;
        dialog.close();
      }
      document.body.style.overflow = overflow;
      if (returnTo?.isConnected) returnTo.focus({ preventScroll: true });
    };
  }, []);

  const onKeyDown = (event: KeyboardEvent<HTMLDialogElement>) => {
    if (event.key !== 'Tab') return;
    const items = Array.from(ref.current?.querySelectorAll<HTMLElement>(FOCUSABLE) ?? []).filter((el) => el.offsetParent !== null || el === document.activeElement);
    if (items.length === 0) return;
    const first = items[0];
    const last = items[items.length - 1];
    if (event.shiftKey && (document.activeElement === first || document.activeElement === ref.current)) {
      event.preventDefault();
      last.focus();
    } else if (!event.shiftKey && document.activeElement === last) {
      event.preventDefault();
      first.focus();
    }
  };

  return (
    <dialog
      ref={ref}
      className={`modal ${className ?? ''}`}
      aria-labelledby={labelledBy}
      aria-describedby={describedBy}
      aria-modal="true"
      onCancel={(event) => {
        // Escape: the page decides, so its state and the dialog never disagree.
        event.preventDefault();
        close.current();
      }}
      // The browser may close it without a cancelable cancel event (repeated Escape): follow it.
      onClose={() => {
        if (closingItself.current) closingItself.current = false;
        else close.current();
      }}
      onKeyDown={onKeyDown}
      onMouseDown={(event) => {
        pressedOnBackdrop.current = event.target === ref.current;
      }}
      onClick={(event) => {
        if (pressedOnBackdrop.current && event.target === ref.current) close.current();
        pressedOnBackdrop.current = false;
      }}
    >
      {children}
    </dialog>
  );
}

import { useId, type ReactNode } from 'react';
import { Modal } from './modal';

interface ConfirmDialogProps {
  title: string;
  text: string;
  confirmLabel: string;
  cancelLabel: string;
  /** The action cannot be undone (a deletion): its button says so by its colour. */
  danger?: boolean;
  busy: boolean;
  /** False until what the dialog asks for is given (a typed confirmation). */
  canConfirm?: boolean;
  /** What the confirmation needs beside the text: a field to type into, an error. */
  children?: ReactNode;
  onConfirm: () => void;
  onCancel: () => void;
}

/** Asks once more before an action, with what it means; the safe choice has the focus. */
export function ConfirmDialog({ title, text, confirmLabel, cancelLabel, danger, busy, canConfirm = true, children, onConfirm, onCancel }: ConfirmDialogProps) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal className="confirm-dialog" labelledBy={titleId} describedBy={textId} onClose={onCancel}>
      <div className="confirm-dialog__body">
        <h2 id={titleId} className="confirm-dialog__title">
          {title}
        </h2>
        <p id={textId}>{text}</p>
        {children}
        <div className="confirm-dialog__actions">
          <button type="button" className="button button--secondary" onClick={onCancel} data-autofocus>
            {cancelLabel}
          </button>
          <button type="button" className={`button button--primary${danger ? ' button--danger-fill' : ''}`} onClick={onConfirm} disabled={busy || !canConfirm} aria-busy={busy || undefined}>
            {confirmLabel}
          </button>
        </div>
      </div>
    </Modal>
  );
}

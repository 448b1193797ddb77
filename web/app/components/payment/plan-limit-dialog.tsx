import { useId, type ReactNode } from 'react';
import { CloseIcon } from '../icons';
import { Modal } from '../layout/modal';

export interface PlanLimitRow {
  label: string;
  free: string;
  paid: string;
}

/**
 * A limit reached: the Free figures beside the paid plan's, and the way up (`children`: the
 * buttons). The daily conversions' popup and the AI assistant's 'Upgrade AI Plan' share it.
 */
export function PlanLimitDialog(props: {
  className: string;
  title: string;
  text: string;
  columns: { free: string; paid: string };
  rows: readonly PlanLimitRow[];
  closeLabel: string;
  onClose: () => void;
  children: ReactNode;
}) {
  const titleId = useId();
  const textId = useId();
  return (
    <Modal className={props.className} labelledBy={titleId} describedBy={textId} onClose={props.onClose}>
      <div className="limit-popup__body">
        <button type="button" className="icon-button pay-popup__close" onClick={props.onClose} aria-label={props.closeLabel}>
          <CloseIcon width={18} height={18} />
        </button>
        <h2 id={titleId} className="pay-popup__title">
          {props.title}
        </h2>
        <p id={textId} className="pay-popup__subtitle">
          {props.text}
        </p>
        <table className="limit-table">
          <thead>
            <tr>
              <td />
              <th scope="col">{props.columns.free}</th>
              <th scope="col">{props.columns.paid}</th>
            </tr>
          </thead>
          <tbody>
            {props.rows.map((row) => (
              <tr key={row.label}>
                <th scope="row">{row.label}</th>
                <td>{row.free}</td>
                <td>{row.paid}</td>
              </tr>
            ))}
          </tbody>
        </table>
        <div className="button-row">{props.children}</div>
      </div>
    </Modal>
  );
}

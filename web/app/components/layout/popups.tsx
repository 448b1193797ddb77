import { FileReadyDialog } from '../auth/file-ready-dialog';
import { LinkConfirmDialog } from '../auth/link-confirm-dialog';
import { LoginPopup } from '../auth/login-popup';
import { LimitPopup } from '../payment/limit-popup';
import { PaymentPopup } from '../payment/payment-popup';

/** The popups a layout carries: login, a login link from another browser to confirm, the file a login link brought back, payment and the daily limit. */
export function Popups() {
  return (
    <>
      <LoginPopup />
      <LinkConfirmDialog />
      <FileReadyDialog />
      <PaymentPopup />
      <LimitPopup />
    </>
  );
}

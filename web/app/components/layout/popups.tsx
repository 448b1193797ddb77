import { FileReadyDialog } from '../auth/file-ready-dialog';
import { LoginPopup } from '../auth/login-popup';
import { LimitPopup } from '../payment/limit-popup';
import { PaymentPopup } from '../payment/payment-popup';

/** The popups a layout carries: login, the file a login link brought back, payment and the daily limit. */
export function Popups() {
  return (
    <>
      <LoginPopup />
      <FileReadyDialog />
      <PaymentPopup />
      <LimitPopup />
    </>
  );
}

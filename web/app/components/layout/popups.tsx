import { FileReadyDialog } from '../auth/file-ready-dialog';
import { LoginPopup } from '../auth/login-popup';

/** The popups a layout carries: the login popup and the file a login link brought back (payment popups join them later). */
export function Popups() {
  return (
    <>
      <LoginPopup />
      <FileReadyDialog />
    </>
  );
}

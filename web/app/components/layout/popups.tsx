import { LoginPopup } from '../auth/login-popup';

/** The popups a layout carries: the login popup, and the payment popups once payments exist (their slot is here). */
export function Popups() {
  return <LoginPopup />;
}

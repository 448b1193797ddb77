import type { MouseEvent } from 'react';
import { useAuthActions, usePopups, type DownloadRequest } from '~/stores/auth-provider';
import { hasPendingFiles } from '~/stores/popups-store';

/**
 * Download links that go through the login flow: a click fetches the file itself, and when the
 * server wants a signed-in user (401) the login popup opens with the files kept; the download
 * carries on by itself after the login; a signed-in user who is not Pro (403) gets the payment
 * popup, and the download carries on once paid. Clicks with a modifier key keep the browser's behaviour.
 */
export function useDownload() {
  const auth = useAuthActions();
  const popups = usePopups();

  const onDownloadClick = (event: MouseEvent<HTMLAnchorElement>, request?: DownloadRequest) => {
    if (event.defaultPrevented || event.button !== 0 || event.metaKey || event.ctrlKey || event.shiftKey || event.altKey) return;
    event.preventDefault();
    void auth.download(event.currentTarget.href, request);
  };

  /** Files wait for a login: leaving for Google's sign-in page then loses nothing. */
  const awaitingLogin = hasPendingFiles(popups);

  return { onDownloadClick, download: auth.download, awaitingLogin };
}

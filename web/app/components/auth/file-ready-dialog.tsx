import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useAuthActions, usePopups } from '~/stores/auth-provider';
import { CheckIcon, CloseIcon, DownloadIcon } from '../icons';
import { Modal } from '../layout/modal';

/**
 * After a login link that a download asked for (opened in another tab, or after the first one was
 * closed): the file is ready, one button away. If it has expired meanwhile, the download says so.
 */
export function FileReadyDialog() {
  const popups = usePopups();
  const url = popups.readyDownload;
  if (!url || popups.showLoginPop) return null;
  return <ReadyDialog url={url} />;
}

function ReadyDialog({ url }: { url: string }) {
  const { t } = useTranslation();
  const auth = useAuthActions();
  const titleId = useId();
  const download = () => {
    auth.closeReady();
    void auth.download(url);
  };
  return (
    <Modal className="ready-dialog" labelledBy={titleId} onClose={auth.closeReady}>
      <div className="ready-dialog__body">
        <button type="button" className="icon-button ready-dialog__close" onClick={auth.closeReady} aria-label={t('auth.popup.close')}>
          <CloseIcon width={18} height={18} />
        </button>
        <CheckIcon className="flow-panel__icon" width={40} height={40} />
        <h2 id={titleId} className="flow-panel__title">
          {t('auth.ready.title')}
        </h2>
        <p className="flow-panel__text">{t('auth.ready.text')}</p>
        <button type="button" className="button button--primary button--xl" onClick={download} data-autofocus>
          <DownloadIcon width={20} height={20} /> {t('auth.ready.download')}
        </button>
      </div>
    </Modal>
  );
}

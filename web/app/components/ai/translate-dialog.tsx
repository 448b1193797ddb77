import { useTranslation } from 'react-i18next';
import { CloseIcon } from '../icons';
import { Modal } from '../layout/modal';
import { TranslatePanel } from './translate-panel';

/** The panel's own heading names the dialog. */
const PANEL_TITLE_ID = 'ai-translate-title';

/** Translate, over the conversation: the translation panel of the document in a dialog. */
export function TranslateDialog({ documentId, title, onClose }: { documentId: string; title: string; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal className="ai-dialog ai-dialog--narrow" labelledBy={PANEL_TITLE_ID} onClose={onClose}>
      <div className="ai-dialog__body">
        <div className="ai-dialog__head ai-dialog__head--end">
          <button type="button" className="icon-button" onClick={onClose} aria-label={t('aiPdf.translate.close')}>
            <CloseIcon width={18} height={18} />
          </button>
        </div>
        <TranslatePanel documentId={documentId} title={title} />
      </div>
    </Modal>
  );
}

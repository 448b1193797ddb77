import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { AiDocumentView } from '#shared/ai/api';
import { useLocalize } from '~/lib/i18n';
import { TrashIcon } from '../icons';
import { ConfirmDialog } from '../layout/confirm-dialog';

interface DocumentListProps {
  documents: readonly AiDocumentView[];
  currentId?: string;
  /** Deletes one document; resolves once it is gone. */
  onDelete: (documentId: string) => Promise<void>;
}

/** One line under a document's name: its pages, or how far its reading has gone, or that it failed. */
function useStatusText() {
  const { t } = useTranslation();
  return (doc: AiDocumentView) => {
    if (doc.status === 'indexing') return t('aiPdf.docs.indexing', { progress: doc.progress });
    if (doc.status === 'failed') return t('aiPdf.docs.failed');
    if (doc.kind === 'image') return t('aiPdf.docs.image');
    return t('aiPdf.docs.pages', { count: doc.pages ?? 0 });
  };
}

/** The requester's documents: each opens its conversation, and can be deleted after a confirmation. */
export function DocumentList({ documents, currentId, onDelete }: DocumentListProps) {
  const { t } = useTranslation();
  const localize = useLocalize();
  const statusText = useStatusText();
  const [confirming, setConfirming] = useState<AiDocumentView>();
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!confirming) return;
    setBusy(true);
    try {
      await onDelete(confirming.documentId);
    } finally {
      setBusy(false);
      setConfirming(undefined);
    }
  };

  return (
    <>
      <ul className="ai-docs" aria-label={t('aiPdf.docs.label')}>
        {documents.map((doc) => (
          <li key={doc.documentId} className={['ai-docs__item', doc.documentId === currentId && 'is-current', doc.status === 'failed' && 'is-failed'].filter(Boolean).join(' ')}>
            <Link className="ai-docs__link" to={localize(`/ai-pdf/chat/${doc.documentId}`)} aria-current={doc.documentId === currentId ? 'page' : undefined}>
              <span className="ai-docs__title">{doc.title}</span>
              <span className="ai-docs__status">{statusText(doc)}</span>
            </Link>
            <button type="button" className="icon-button ai-docs__delete" aria-label={t('aiPdf.docs.delete', { title: doc.title })} onClick={() => setConfirming(doc)}>
              <TrashIcon width={16} height={16} />
            </button>
          </li>
        ))}
      </ul>
      {confirming && (
        <ConfirmDialog
          title={t('aiPdf.docs.deleteTitle')}
          text={t('aiPdf.docs.deleteText', { title: confirming.title })}
          confirmLabel={t('aiPdf.docs.deleteConfirm')}
          cancelLabel={t('aiPdf.docs.cancel')}
          danger
          busy={busy}
          onConfirm={() => void confirm()}
          onCancel={() => setConfirming(undefined)}
        />
      )}
    </>
  );
}

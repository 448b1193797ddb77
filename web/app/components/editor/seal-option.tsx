import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { useRootData } from '~/lib/root-data';

/**
 * Sign PDF's seal choice, shown only where the operator configured a certificate (SIGN_CERT_P12),
 * with what a seal proves (the file was not changed afterwards) and what it does not (who signed).
 */
export function SealOption({ checked, onChange }: { checked: boolean; onChange: (seal: boolean) => void }) {
  const { t } = useTranslation();
  const help = useId();
  if (!useRootData()?.sealing) return null;
  return (
    <div>
      <label className="editor-check">
        <input type="checkbox" checked={checked} aria-describedby={help} onChange={(e) => onChange(e.target.checked)} /> {t('editor.apply.seal')}
      </label>
      <p id={help} className="editor__status">
        {t('editor.apply.sealHelp')}
      </p>
    </div>
  );
}

import { useTranslation } from 'react-i18next';
import { SANITIZE_KINDS, type SanitizeKind } from '#shared/tools/sanitize-pdf';
import { CheckboxField } from './options-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

export type SanitizeOptions = Record<SanitizeKind, boolean>;

function SanitizePanel({ value, onChange }: OptionsPanelProps<SanitizeOptions>) {
  const { t } = useTranslation();
  return (
    <fieldset className="options">
      <legend className="options__legend">{t('options.sanitize.legend')}</legend>
      {SANITIZE_KINDS.map((kind) => (
        <CheckboxField
          key={kind}
          label={t(`options.sanitize.kinds.${kind}.label`)}
          help={t(`options.sanitize.kinds.${kind}.help`)}
          checked={value[kind]}
          onChange={(checked) => onChange({ ...value, [kind]: checked })}
        />
      ))}
    </fieldset>
  );
}

/** Sanitize PDF: each kind of hidden or active content a box, all ticked; at least one must be. */
export const sanitizeOptions = defineOptions<SanitizeOptions>({
  initial: Object.fromEntries(SANITIZE_KINDS.map((kind) => [kind, true])) as SanitizeOptions,
  toRequest: (value): OptionsOutcome =>
    SANITIZE_KINDS.some((kind) => value[kind]) ? { ok: true, fields: { ...value } } : { ok: false, hint: 'options.sanitize.hintNone' },
  Panel: SanitizePanel,
});

import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPARE_MODES } from '#shared/tools/compare-pdf';
import { CompareResult } from './compare-result';
import { defineOptions, type OptionsPanelProps } from './options-types';

export interface CompareOptions {
  mode: (typeof COMPARE_MODES)[number];
  /** The report's language: the page's. */
  lang: 'en' | 'fr';
}

function ComparePanel({ value, onChange }: OptionsPanelProps<CompareOptions>) {
  const { t } = useTranslation();
  const id = useId();
  return (
    <fieldset className="options">
      <legend className="options__legend">{t('compare.options.legend')}</legend>
      <p className="workspace__hint">{t('compare.options.order')}</p>
      <div className="choice-list">
        {COMPARE_MODES.map((mode) => (
          <label key={mode} className="choice">
            <input type="radio" name={`${id}-mode`} checked={value.mode === mode} onChange={() => onChange({ ...value, mode })} />
            <span className="choice__body">
              <span className="choice__label">{t(`compare.options.${mode}.label`)}</span>
              <span className="choice__help">{t(`compare.options.${mode}.help`)}</span>
            </span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

export const compareOptions = defineOptions<CompareOptions>({
  initial: { mode: 'visual', lang: 'en' },
  initialFor: (lang) => ({ mode: 'visual', lang }),
  toRequest: (value) => ({ ok: true, fields: { mode: value.mode, lang: value.lang } }),
  Panel: ComparePanel,
  oneDocument: true,
  Result: CompareResult,
});

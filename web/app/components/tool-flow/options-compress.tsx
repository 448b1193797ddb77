import { Fragment, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { COMPRESS_PERCENTAGES, COMPRESS_RATE, DEFAULT_COMPRESS } from '#shared/tools/compress-pdf';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

type Level = 'low' | 'medium' | 'high';

export interface CompressOptions {
  mode: Level | 'percentage' | 'custom';
  percentage: string;
  /** Image resolution in dpi for the custom mode. */
  rate: string;
}

const LEVELS: Level[] = ['low', 'medium', 'high'];
const { min: RATE_MIN, max: RATE_MAX } = COMPRESS_RATE;

const rateIsValid = (rate: string) => /^\d+$/.test(rate.trim()) && Number(rate) >= RATE_MIN && Number(rate) <= RATE_MAX;

function CompressPanel({ value, onChange }: OptionsPanelProps<CompressOptions>) {
  const { t } = useTranslation();
  const id = useId();
  const rateInvalid = value.mode === 'custom' && !rateIsValid(value.rate);

  const radio = (mode: CompressOptions['mode'], label: string, help: string, badge?: string) => (
    <label className="choice">
      <input type="radio" name={`${id}-mode`} checked={value.mode === mode} onChange={() => onChange({ ...value, mode })} />
      <span className="choice__body">
        <span className="choice__label">
          {label}
          {badge && <span className="badge badge--accent">{badge}</span>}
        </span>
        <span className="choice__help">{help}</span>
      </span>
    </label>
  );

  return (
    <fieldset className="options">
      <legend className="options__legend">{t('options.compress.legend')}</legend>
      <div className="choice-list">
        {radio('percentage', t('options.compress.percentage.label'), t('options.compress.percentage.help'), value.percentage === DEFAULT_COMPRESS ? t('options.compress.recommended') : undefined)}
        {value.mode === 'percentage' && (
          <div className="field field--nested">
            <label htmlFor={`${id}-percentage`}>{t('options.compress.percentSelect')}</label>
            <select id={`${id}-percentage`} value={value.percentage} onChange={(e) => onChange({ ...value, percentage: e.target.value })}>
              {COMPRESS_PERCENTAGES.map((p) => (
                <option key={p} value={p}>
                  {t(p === DEFAULT_COMPRESS ? 'options.compress.percentRecommended' : 'options.compress.percentOption', { value: p })}
                </option>
              ))}
            </select>
          </div>
        )}
        {LEVELS.map((level) => (
          <Fragment key={level}>{radio(level, t(`options.compress.${level}.label`), t(`options.compress.${level}.help`))}</Fragment>
        ))}
        {radio('custom', t('options.compress.custom.label'), t('options.compress.custom.help'))}
        {value.mode === 'custom' && (
          <div className="field field--nested">
            <label htmlFor={`${id}-rate`}>{t('options.compress.dpiLabel', COMPRESS_RATE)}</label>
            <div className="range-field">
              <input
                type="range"
                min={RATE_MIN}
                max={RATE_MAX}
                step={10}
                value={rateIsValid(value.rate) ? value.rate : RATE_MIN}
                onChange={(e) => onChange({ ...value, rate: e.target.value })}
                aria-hidden="true"
                tabIndex={-1}
              />
              <input
                id={`${id}-rate`}
                type="number"
                inputMode="numeric"
                min={RATE_MIN}
                max={RATE_MAX}
                step={1}
                value={value.rate}
                onChange={(e) => onChange({ ...value, rate: e.target.value })}
                aria-invalid={rateInvalid}
                aria-describedby={rateInvalid ? `${id}-rate-error` : undefined}
              />
            </div>
            {rateInvalid && (
              <p id={`${id}-rate-error`} className="field__error" role="alert">
                {t('options.compress.dpiInvalid', COMPRESS_RATE)}
              </p>
            )}
          </div>
        )}
      </div>
    </fieldset>
  );
}

export const compressOptions = defineOptions<CompressOptions>({
  initial: { mode: 'percentage', percentage: DEFAULT_COMPRESS, rate: '150' },
  toRequest: (value): OptionsOutcome => {
    if (value.mode === 'percentage') return { ok: true, fields: { compress: value.percentage } };
    if (value.mode !== 'custom') return { ok: true, fields: { compress: value.mode } };
    return rateIsValid(value.rate) ? { ok: true, fields: { compress: 'custom', rate: Number(value.rate) } } : { ok: false };
  },
  Panel: CompressPanel,
});

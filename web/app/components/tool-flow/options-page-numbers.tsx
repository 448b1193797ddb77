import { useTranslation } from 'react-i18next';
import type { Lang } from '#shared/i18n';
import { PAGE_NUMBER_FORMATS, roman } from '#shared/tools/add-page-numbers';
import type { GridPosition } from '#shared/tools/stamp-fields';
import { ChoiceGroup } from './options-fields';
import { InputField, PositionGrid, rangesOf, StyleFields, wholeIn, type StampStyle } from './options-stamp-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

type Format = (typeof PAGE_NUMBER_FORMATS)[number];

export interface PageNumbersOptions extends StampStyle {
  position: GridPosition;
  format: Format;
  numerals: 'arabic' | 'roman';
  start: string;
  skip: string;
  /** The page's language: the words of “Page 7 of 12”. */
  lang: Lang;
}

const SIZES = { min: 6, max: 72 };
const STARTS = { min: 0, max: 99_999 };

function PageNumbersPanel({ value, onChange }: OptionsPanelProps<PageNumbersOptions>) {
  const { t } = useTranslation();
  const set = (next: Partial<PageNumbersOptions>) => onChange({ ...value, ...next });
  /** A format as it reads on page 3 of 12, in the numerals chosen. */
  const example = (format: Format) => {
    const show = (k: number) => (value.numerals === 'roman' ? roman(k) : String(k));
    return t(`options.pageNumbers.formats.${format}`, { n: show(3), total: show(12) });
  };
  return (
    <>
      <fieldset className="options">
        <legend className="options__legend">{t('options.pageNumbers.legend')}</legend>
        <PositionGrid legend={t('options.stamp.positionLegend')} value={value.position} onChange={(position) => set({ position })} />
        <StyleFields value={value} onChange={set} sizes={SIZES} />
      </fieldset>
      <ChoiceGroup
        legend={t('options.pageNumbers.format')}
        value={value.format}
        choices={PAGE_NUMBER_FORMATS.map((format) => ({ value: format, label: example(format) }))}
        onChange={(format) => set({ format })}
      />
      <fieldset className="options">
        <legend className="options__legend">{t('options.pageNumbers.counting')}</legend>
        <ChoiceGroup
          legend={t('options.pageNumbers.numerals')}
          value={value.numerals}
          choices={[
            { value: 'arabic', label: t('options.pageNumbers.arabic') },
            { value: 'roman', label: t('options.pageNumbers.roman') },
          ]}
          onChange={(numerals) => set({ numerals })}
        />
        <InputField label={t('options.pageNumbers.start')} value={value.start} numeric={STARTS} onChange={(start) => set({ start })} error={wholeIn(value.start, STARTS) === undefined ? t('options.pageNumbers.startRange') : null} />
        <InputField
          label={t('options.pageNumbers.skip')}
          value={value.skip}
          placeholder={t('options.pageNumbers.skipPlaceholder')}
          onChange={(skip) => set({ skip })}
          help={t('options.pageNumbers.skipHelp')}
          error={value.skip.trim() && !rangesOf(value.skip) ? t('errors.INVALID_PAGES') : null}
        />
      </fieldset>
    </>
  );
}

const initial: PageNumbersOptions = { position: 'bottom-center', format: 'n', numerals: 'arabic', start: '1', skip: '', font: 'sans', size: '11', color: '#000000', lang: 'en' };

export const pageNumbersOptions = defineOptions<PageNumbersOptions>({
  initial,
  initialFor: (lang) => ({ ...initial, lang }),
  toRequest: (value): OptionsOutcome => {
    const start = wholeIn(value.start, STARTS);
    const size = wholeIn(value.size, SIZES);
    const skip = rangesOf(value.skip);
    if (start === undefined || size === undefined || (value.skip.trim() && !skip)) return { ok: false, hint: null };
    return {
      ok: true,
      fields: { position: value.position, format: value.format, numerals: value.numerals, lang: value.lang, start, size, font: value.font, color: value.color, ...(skip ? { skip } : {}) },
    };
  },
  Panel: PageNumbersPanel,
});

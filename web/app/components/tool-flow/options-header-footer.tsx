import { useTranslation } from 'react-i18next';
import type { Lang } from '#shared/i18n';
import { HEADER_FOOTER_SLOTS } from '#shared/tools/add-header-footer';
import { CheckboxField } from './options-fields';
import { InputField, StyleFields, wholeIn, type StampStyle } from './options-stamp-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

type Slot = (typeof HEADER_FOOTER_SLOTS)[number];

export interface HeaderFooterOptions extends StampStyle {
  texts: Record<Slot, string>;
  bates: boolean;
  batesPrefix: string;
  batesDigits: string;
  batesStart: string;
  margin: string;
  /** The page's language: how {date} is written. */
  lang: Lang;
}

const SIZES = { min: 6, max: 36 };
const DIGITS = { min: 1, max: 12 };
const STARTS = { min: 0, max: 999_999_999 };
const MARGINS = { min: 0, max: 144 };

function HeaderFooterPanel({ value, onChange }: OptionsPanelProps<HeaderFooterOptions>) {
  const { t } = useTranslation();
  const set = (next: Partial<HeaderFooterOptions>) => onChange({ ...value, ...next });
  const range = (text: string, r: { min: number; max: number }) => (wholeIn(text, r) === undefined ? t('options.stamp.range', r) : null);
  const slots = (row: 'header' | 'footer') => (
    <fieldset className="options">
      <legend className="options__legend">{t(`options.headerFooter.${row}`)}</legend>
      {HEADER_FOOTER_SLOTS.filter((slot) => slot.startsWith(row)).map((slot) => (
        <InputField key={slot} label={t(`options.headerFooter.slots.${slot}`)} value={value.texts[slot]} onChange={(text) => set({ texts: { ...value.texts, [slot]: text } })} />
      ))}
    </fieldset>
  );
  return (
    <>
      <p className="field__help">{t('options.headerFooter.placeholders')}</p>
      {slots('header')}
      {slots('footer')}
      <fieldset className="options">
        <legend className="options__legend">{t('options.headerFooter.batesLegend')}</legend>
        <CheckboxField label={t('options.headerFooter.bates')} checked={value.bates} onChange={(bates) => set({ bates })} help={t('options.headerFooter.batesHelp')} />
        {value.bates && (
          <>
            <InputField label={t('options.headerFooter.batesPrefix')} value={value.batesPrefix} onChange={(batesPrefix) => set({ batesPrefix })} placeholder="ACME" />
            <InputField label={t('options.headerFooter.batesDigits')} value={value.batesDigits} numeric={DIGITS} onChange={(batesDigits) => set({ batesDigits })} error={range(value.batesDigits, DIGITS)} />
            <InputField label={t('options.headerFooter.batesStart')} value={value.batesStart} numeric={STARTS} onChange={(batesStart) => set({ batesStart })} error={range(value.batesStart, STARTS)} />
          </>
        )}
      </fieldset>
      <fieldset className="options">
        <legend className="options__legend">{t('options.headerFooter.look')}</legend>
        <StyleFields value={value} onChange={set} sizes={SIZES} />
        <InputField label={t('options.headerFooter.margin')} value={value.margin} numeric={MARGINS} onChange={(margin) => set({ margin })} help={t('options.headerFooter.marginHelp')} error={range(value.margin, MARGINS)} />
      </fieldset>
    </>
  );
}

const initial: HeaderFooterOptions = {
  texts: { headerLeft: '', headerCenter: '', headerRight: '', footerLeft: '', footerCenter: '{n} / {total}', footerRight: '' },
  bates: false,
  batesPrefix: '',
  batesDigits: '6',
  batesStart: '1',
  margin: '24',
  font: 'sans',
  size: '9',
  color: '#000000',
  lang: 'en',
};

export const headerFooterOptions = defineOptions<HeaderFooterOptions>({
  initial,
  initialFor: (lang) => ({ ...initial, lang }),
  toRequest: (value): OptionsOutcome => {
    const numbers = { size: wholeIn(value.size, SIZES), margin: wholeIn(value.margin, MARGINS), batesDigits: wholeIn(value.batesDigits, DIGITS), batesStart: wholeIn(value.batesStart, STARTS) };
    if (Object.values(numbers).includes(undefined)) return { ok: false, hint: null };
    const texts = Object.fromEntries(HEADER_FOOTER_SLOTS.filter((slot) => value.texts[slot].trim()).map((slot) => [slot, value.texts[slot].trim()]));
    if (!value.bates && Object.keys(texts).length === 0) return { ok: false, hint: 'options.headerFooter.hintEmpty' };
    const bates: Record<string, string | number | boolean> = value.bates ? { bates: true, batesPrefix: value.batesPrefix.trim(), batesDigits: numbers.batesDigits!, batesStart: numbers.batesStart! } : {};
    return { ok: true, fields: { ...texts, ...bates, size: numbers.size!, margin: numbers.margin!, font: value.font, color: value.color, lang: value.lang } };
  },
  Panel: HeaderFooterPanel,
});

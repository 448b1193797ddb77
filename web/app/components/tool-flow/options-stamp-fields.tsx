import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { parsePageRanges } from '#shared/page-ranges';
import { GRID_POSITIONS, STAMP_FONTS, type GridPosition } from '#shared/tools/stamp-fields';
import { SelectField } from './options-fields';

/** What the three stamping panels share: where on the page, and the text's face, size and colour. */
export interface StampStyle {
  font: (typeof STAMP_FONTS)[number];
  size: string;
  color: string;
}

/** The 3×3 grid of places on the page, as radio buttons laid out like the page. */
export function PositionGrid({ legend, value, onChange }: { legend: string; value: GridPosition; onChange: (position: GridPosition) => void }) {
  const { t } = useTranslation();
  const name = useId();
  return (
    <fieldset className="position-grid">
      <legend className="options__subheading">{legend}</legend>
      <div className="position-grid__cells">
        {GRID_POSITIONS.map((position) => (
          <label key={position} className="position-grid__cell" title={t(`options.stamp.position.${position}`)}>
            <input type="radio" name={name} checked={value === position} onChange={() => onChange(position)} />
            <span className="visually-hidden">{t(`options.stamp.position.${position}`)}</span>
          </label>
        ))}
      </div>
    </fieldset>
  );
}

interface InputFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  help?: string;
  error?: string | null;
  /** Digits only, on a numeric keyboard. */
  numeric?: { min: number; max: number };
  placeholder?: string;
  children?: ReactNode;
}

/** A labelled one-line input, text or number, with its help or its problem under it. */
export function InputField({ label, value, onChange, help, error, numeric, placeholder }: InputFieldProps) {
  const id = useId();
  const note = error ?? help;
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type={numeric ? 'number' : 'text'}
        inputMode={numeric ? 'numeric' : undefined}
        min={numeric?.min}
        max={numeric?.max}
        step={numeric ? 1 : undefined}
        autoComplete="off"
        spellCheck={false}
        placeholder={placeholder}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        aria-invalid={error ? true : undefined}
        aria-describedby={note ? `${id}-note` : undefined}
      />
      {note && (
        <p id={`${id}-note`} className={error ? 'field__error' : 'field__help'}>
          {note}
        </p>
      )}
    </div>
  );
}

/** Face, size and colour of a stamp's text. */
export function StyleFields({ value, onChange, sizes }: { value: StampStyle; onChange: (next: StampStyle) => void; sizes: { min: number; max: number } }) {
  const { t } = useTranslation();
  const colorId = useId();
  return (
    <div className="stamp-style">
      <SelectField
        label={t('options.stamp.font')}
        value={value.font}
        choices={STAMP_FONTS.map((font) => ({ value: font, label: t(`options.stamp.fonts.${font}`) }))}
        onChange={(font) => onChange({ ...value, font })}
      />
      <InputField label={t('options.stamp.size')} value={value.size} numeric={sizes} onChange={(size) => onChange({ ...value, size })} error={sizeProblem(value.size, sizes) ? t('options.stamp.sizeRange', sizes) : null} />
      <div className="field">
        <label htmlFor={colorId}>{t('options.stamp.color')}</label>
        <input id={colorId} type="color" className="stamp-style__color" value={value.color} onChange={(e) => onChange({ ...value, color: e.target.value })} />
      </div>
    </div>
  );
}

/** A whole number in range, from what was typed; undefined when it is not one. */
export function wholeIn(text: string, { min, max }: { min: number; max: number }): number | undefined {
  const n = Number(text.trim());
  return text.trim() !== '' && Number.isInteger(n) && n >= min && n <= max ? n : undefined;
}

export const sizeProblem = (text: string, range: { min: number; max: number }) => wholeIn(text, range) === undefined;

/** Page ranges as typed ("1, 3-5"), without spaces; undefined when they do not parse. */
export function rangesOf(text: string): string | undefined {
  const compact = text.replace(/\s+/g, '');
  return compact !== '' && parsePageRanges(compact) !== null ? compact : undefined;
}

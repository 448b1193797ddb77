import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/** One choice of a radio group: its value, label and an optional line of help. */
export interface Choice<V extends string> {
  value: V;
  label: string;
  help?: string;
}

interface ChoiceGroupProps<V extends string> {
  legend: string;
  value: V;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  /** Shown under the choice it belongs to, while that choice is selected (a custom size's fields). */
  detail?: Partial<Record<V, ReactNode>>;
  /** The choice does not apply with the other settings; `help` says why. */
  disabled?: boolean;
  help?: string;
}

/** Radio buttons as cards, in a fieldset: arrow keys move between them, as in any radio group. */
export function ChoiceGroup<V extends string>({ legend, value, choices, onChange, detail, disabled, help }: ChoiceGroupProps<V>) {
  const name = useId();
  return (
    <fieldset className="options" disabled={disabled} aria-describedby={help ? `${name}-help` : undefined}>
      <legend className="options__legend">{legend}</legend>
      {help && (
        <p id={`${name}-help`} className="field__help options__help">
          {help}
        </p>
      )}
      <div className="choice-list">
        {choices.map((choice) => (
          <div key={choice.value} className="choice-item">
            <label className="choice">
              <input type="radio" name={name} value={choice.value} checked={value === choice.value} onChange={() => onChange(choice.value)} />
              <span className="choice__body">
                <span className="choice__label">{choice.label}</span>
                {choice.help && <span className="choice__help">{choice.help}</span>}
              </span>
            </label>
            {value === choice.value && detail?.[choice.value]}
          </div>
        ))}
      </div>
    </fieldset>
  );
}

interface SelectFieldProps<V extends string> {
  label: string;
  value: V;
  choices: readonly Choice<V>[];
  onChange: (value: V) => void;
  help?: string;
}

/** A labelled drop-down, for choices whose names say enough on their own. */
export function SelectField<V extends string>({ label, value, choices, onChange, help }: SelectFieldProps<V>) {
  const id = useId();
  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <select id={id} value={value} onChange={(e) => onChange(e.target.value as V)} aria-describedby={help ? `${id}-help` : undefined}>
        {choices.map((choice) => (
          <option key={choice.value} value={choice.value}>
            {choice.label}
          </option>
        ))}
      </select>
      {help && (
        <p id={`${id}-help`} className="field__help">
          {help}
        </p>
      )}
    </div>
  );
}

interface CheckboxFieldProps {
  label: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  help?: string;
}

export function CheckboxField({ label, checked, onChange, help }: CheckboxFieldProps) {
  const id = useId();
  return (
    <div className="checkbox-field">
      <label className="checkbox">
        <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} aria-describedby={help ? `${id}-help` : undefined} />
        <span>{label}</span>
      </label>
      {help && (
        <p id={`${id}-help`} className="field__help checkbox-field__help">
          {help}
        </p>
      )}
    </div>
  );
}

/** Which word goes beside a resolution: for screens, standard, for printing, for large prints. */
export function dpiUse(dpi: number): 'screen' | 'standard' | 'print' | 'large' {
  if (dpi < 150) return 'screen';
  if (dpi < 300) return 'standard';
  if (dpi < 600) return 'print';
  return 'large';
}

interface DpiFieldProps {
  value: number;
  presets: readonly number[];
  onChange: (dpi: number) => void;
  help?: string;
}

/** A resolution, picked among presets that each say what they suit. */
export function DpiField({ value, presets, onChange, help }: DpiFieldProps) {
  const { t } = useTranslation();
  return (
    <SelectField
      label={t('options.dpi.label')}
      value={String(value)}
      choices={presets.map((dpi) => ({ value: String(dpi), label: t(`options.dpi.${dpiUse(dpi)}`, { dpi }) }))}
      onChange={(dpi) => onChange(Number(dpi))}
      help={help}
    />
  );
}

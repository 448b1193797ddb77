import { useEffect, useId, useRef } from 'react';

interface PasswordFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  /** Shown as typed rather than as dots. */
  visible: boolean;
  maxLength: number;
  autoComplete: 'new-password' | 'current-password' | 'off';
  error?: string | null;
  help?: string;
  onBlur?: () => void;
  /** Takes the focus, text selected, whenever this changes to a truthy value (e.g. a wrong password). */
  focusKey?: unknown;
}

export function PasswordField({ label, value, onChange, visible, maxLength, autoComplete, error, help, onBlur, focusKey }: PasswordFieldProps) {
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (focusKey) input.current?.select();
  }, [focusKey]);
  const note = error ?? help;

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        ref={input}
        id={id}
        type={visible ? 'text' : 'password'}
        maxLength={maxLength}
        autoComplete={autoComplete}
        autoCapitalize="off"
        spellCheck={false}
        value={value}
        onChange={(e) => onChange(e.target.value)}
        onBlur={onBlur}
        aria-invalid={Boolean(error)}
        aria-describedby={note ? `${id}-note` : undefined}
      />
      {note && (
        <p id={`${id}-note`} className={error ? 'field__error' : 'field__help'} role={error ? 'alert' : undefined}>
          {note}
        </p>
      )}
    </div>
  );
}

export function ShowPasswordToggle({ label, checked, onChange }: { label: string; checked: boolean; onChange: (checked: boolean) => void }) {
  return (
    <label className="checkbox">
      <input type="checkbox" checked={checked} onChange={(e) => onChange(e.target.checked)} />
      <span>{label}</span>
    </label>
  );
}

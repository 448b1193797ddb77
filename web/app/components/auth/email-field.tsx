import { useState, type KeyboardEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { emailSuggestions } from '~/lib/email-suggestions';

interface EmailFieldProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  onBlur: () => void;
  invalid: boolean;
  describedBy?: string;
  autoFocus?: boolean;
}

/**
 * The email input with the spec's domain suggestions (gmail, hotmail, yahoo, icloud, outlook), as
 * an ARIA combobox: arrows move through the suggestions, Enter takes one, Escape hides them.
 */
export function EmailField({ id, value, onChange, onBlur, invalid, describedBy, autoFocus }: EmailFieldProps) {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const suggestions = open ? emailSuggestions(value) : [];
  const shown = suggestions.length > 0;
  const listId = `${id}-suggestions`;
  const optionId = (i: number) => `${listId}-${i}`;

  const choose = (suggestion: string) => {
    onChange(suggestion);
    setOpen(false);
    setActive(-1);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      const options = emailSuggestions(value);
      if (options.length === 0) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((current) => (current + step + options.length + (current < 0 && step < 0 ? 1 : 0)) % options.length);
    } else if (event.key === 'Enter' && shown && active >= 0) {
      event.preventDefault();
      choose(suggestions[active]);
    } else if (event.key === 'Escape' && shown) {
      // Hides the suggestions without closing the dialog around them.
      event.preventDefault();
      event.stopPropagation();
      setOpen(false);
      setActive(-1);
    }
  };

  return (
    <div className="email-field">
      <input
        id={id}
        type="email"
        inputMode="email"
        autoComplete="email"
        autoCapitalize="none"
        spellCheck={false}
        maxLength={320}
        placeholder={t('auth.popup.emailPlaceholder')}
        role="combobox"
        aria-autocomplete="list"
        aria-expanded={shown}
        aria-controls={listId}
        aria-activedescendant={shown && active >= 0 ? optionId(active) : undefined}
        aria-invalid={invalid || undefined}
        aria-describedby={describedBy}
        data-autofocus={autoFocus || undefined}
        value={value}
        onChange={(event) => {
          onChange(event.target.value);
          setOpen(true);
          setActive(-1);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => {
          setOpen(false);
          setActive(-1);
          onBlur();
        }}
      />
      <ul id={listId} role="listbox" aria-label={t('auth.popup.suggestions')} className="email-suggestions" hidden={!shown}>
        {suggestions.map((suggestion, i) => (
          <li
            key={suggestion}
            id={optionId(i)}
            role="option"
            aria-selected={i === active}
            className={i === active ? 'is-active' : undefined}
            // Keeps the focus in the input, so choosing does not count as leaving the field.
            onMouseDown={(event) => event.preventDefault()}
            onClick={() => choose(suggestion)}
          >
            {suggestion}
          </li>
        ))}
      </ul>
    </div>
  );
}

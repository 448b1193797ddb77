import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { indexesToRanges, rangesToIndexes } from '~/lib/page-selection';

interface PagesFieldProps {
  label: string;
  /** Page count of the document. */
  count: number;
  selected: ReadonlySet<number>;
  onChange: (selected: Set<number>) => void;
}

/**
 * The selection as page ranges, both ways: typing "1-3, 7, 10-" selects those pages, and picking
 * pages in the grid rewrites the text. What the user typed stays as typed while it still
 * describes the selection.
 */
export function PagesField({ label, count, selected, onChange }: PagesFieldProps) {
  const { t } = useTranslation();
  const id = useId();
  // The typed text and the selection it produced (or that was current when it stopped making sense).
  const [draft, setDraft] = useState<{ text: string; for: ReadonlySet<number> } | null>(null);
  const typed = draft && draft.for === selected ? draft.text : null;
  const reading = typed === null ? null : rangesToIndexes(typed, count);
  const problem = reading && !reading.ok ? reading.problem : null;

  const type = (text: string) => {
    const next = rangesToIndexes(text, count);
    if (next.ok) {
      onChange(next.indexes);
      // The parent stores this very set, so the draft stays tied to it.
      setDraft({ text, for: next.indexes });
    } else {
      setDraft({ text, for: selected });
    }
  };

  return (
    <div className="field">
      <label htmlFor={id}>{label}</label>
      <input
        id={id}
        type="text"
        inputMode="text"
        autoComplete="off"
        spellCheck={false}
        placeholder={t('grid.rangesPlaceholder')}
        value={typed ?? indexesToRanges(selected)}
        onChange={(e) => type(e.target.value)}
        // Once the user moves on, a valid entry is shown the tidy way ("3,1-2" → "1-3").
        onBlur={() => !problem && setDraft(null)}
        aria-invalid={problem !== null}
        aria-describedby={`${id}-help`}
      />
      <p id={`${id}-help`} className={problem ? 'field__error' : 'field__help'} role={problem ? 'alert' : undefined}>
        {problem === 'beyondEnd' ? t('grid.beyondEnd', { count }) : problem ? t('grid.invalidRanges') : t('grid.rangesHelp')}
      </p>
    </div>
  );
}

import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { METADATA_DATE_FIELDS, METADATA_TEXT_FIELDS } from '#shared/tools/edit-metadata';
import { readDocumentProperties, type DocumentProperties, type PropertyField } from '~/lib/pdf-properties';
import { CheckboxField } from './options-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps } from './options-types';

const EMPTY = Object.fromEntries([...METADATA_TEXT_FIELDS, ...METADATA_DATE_FIELDS].map((f) => [f, ''])) as DocumentProperties;

/** What the file holds (`original`, once read for the file `uid`) and what the user made of it. */
export interface MetadataOptions {
  uid?: string;
  read: 'pending' | 'done' | 'failed';
  original: DocumentProperties;
  values: DocumentProperties;
  removeAll: boolean;
}

/** Only the properties the user changed are sent: the others stay in the file exactly as they were. */
function changes(value: MetadataOptions): Partial<Record<PropertyField, string>> {
  const changed: Partial<Record<PropertyField, string>> = {};
  for (const field of METADATA_TEXT_FIELDS) if (value.values[field] !== value.original[field]) changed[field] = value.values[field].trim();
  for (const field of METADATA_DATE_FIELDS) {
    if (value.values[field] === value.original[field]) continue;
    const date = value.values[field] ? new Date(value.values[field]) : undefined;
    changed[field] = date && !Number.isNaN(date.getTime()) ? date.toISOString() : '';
  }
  return changed;
}

function MetadataPanel({ value, onChange, files }: OptionsPanelProps<MetadataOptions>) {
  const { t } = useTranslation();
  const id = useId();
  const file = files[0];

  useEffect(() => {
    if (!file || file.uid === value.uid) return;
    let live = true;
    onChange({ ...value, uid: file.uid, read: 'pending', original: EMPTY, values: EMPTY });
    readDocumentProperties(file.objectURL).then(
      (properties) => live && onChange({ uid: file.uid, read: 'done', original: properties, values: properties, removeAll: false }),
      () => live && onChange({ uid: file.uid, read: 'failed', original: EMPTY, values: EMPTY, removeAll: false }),
    );
    return () => {
      live = false;
    };
    // Read once per file; the panel's own edits must not start another reading.
  }, [file?.uid]);

  const set = (field: PropertyField, text: string) => onChange({ ...value, values: { ...value.values, [field]: text } });
  const field = (name: PropertyField, type: 'text' | 'datetime-local', help?: string) => (
    <div className="field" key={name}>
      <label htmlFor={`${id}-${name}`}>{t(`options.metadata.${name}`)}</label>
      <input
        id={`${id}-${name}`}
        type={type}
        autoComplete="off"
        value={value.values[name]}
        disabled={value.removeAll || value.read === 'pending'}
        onChange={(e) => set(name, e.target.value)}
        aria-describedby={help ? `${id}-${name}-help` : undefined}
      />
      {help && (
        <p id={`${id}-${name}-help`} className="field__help">
          {help}
        </p>
      )}
    </div>
  );

  return (
    <fieldset className="options">
      <legend className="options__legend">{t('options.metadata.legend')}</legend>
      {value.read === 'pending' && (
        <p className="options__summary" role="status">
          {t('options.metadata.reading')}
        </p>
      )}
      {value.read === 'failed' && <p className="options__warning">{t('options.metadata.unread')}</p>}
      {METADATA_TEXT_FIELDS.map((name) => field(name, 'text', name === 'keywords' ? t('options.metadata.keywordsHelp') : undefined))}
      {METADATA_DATE_FIELDS.map((name) => field(name, 'datetime-local'))}
      <CheckboxField
        label={t('options.metadata.removeAll')}
        help={t('options.metadata.removeAllHelp')}
        checked={value.removeAll}
        onChange={(removeAll) => onChange({ ...value, removeAll })}
      />
    </fieldset>
  );
}

export const metadataOptions = defineOptions<MetadataOptions>({
  initial: { read: 'pending', original: EMPTY, values: EMPTY, removeAll: false },
  toRequest: (value): OptionsOutcome => {
    if (value.removeAll) return { ok: true, fields: { removeall: true } };
    const changed = changes(value);
    if (Object.keys(changed).length === 0) return { ok: false, hint: 'options.metadata.hintNoChange' };
    return { ok: true, fields: changed as Record<string, string> };
  },
  Panel: MetadataPanel,
  // The values shown are one file's: several files are not edited as a batch.
  oneDocument: true,
});

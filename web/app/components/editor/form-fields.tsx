import { useEffect, useState } from 'react';
import type { PdfField } from './page-fields';
import type { PdfPage } from './use-pdf';

export type FieldValue = string | boolean;

interface FormFieldsProps {
  page: PdfPage;
  near: boolean;
  /** The values the user gave, by field name; a field not in it shows what the PDF holds. */
  values: ReadonlyMap<string, FieldValue>;
  /** A form is filled with any tool but Draw, whose strokes may cross the fields. */
  active: boolean;
  onChange: (field: PdfField, value: FieldValue) => void;
}

const place = ({ rect }: PdfField) => ({ left: `${rect[0] * 100}%`, top: `${rect[1] * 100}%`, width: `${rect[2] * 100}%`, height: `${rect[3] * 100}%` });

/** The page's AcroForm fields as inputs over their widgets, so a form is filled in place. */
export function FormFields({ page, near, values, active, onChange }: FormFieldsProps) {
  const [fields, setFields] = useState<readonly PdfField[] | null>(null);
  useEffect(() => {
    if (!near || fields) return;
    let live = true;
    page.fields().then((found) => live && setFields(found), () => live && setFields([]));
    return () => {
      live = false;
    };
  }, [near, page, fields]);
  if (!fields?.length) return null;

  return (
    <div className={`editor-form-fields${active ? '' : ' is-inert'}`}>
      {fields.map((field, i) => {
        const given = values.get(field.name);
        const key = `${field.name}-${i}`;
        const common = { className: `editor-form-field editor-form-field--${field.kind}`, style: place(field), 'aria-label': field.label, disabled: field.readOnly, tabIndex: active ? undefined : -1 };
        if (field.kind === 'checkbox') {
          return <input key={key} {...common} type="checkbox" checked={given === undefined ? field.value === true : given === true} onChange={(e) => onChange(field, e.target.checked)} />;
        }
        if (field.kind === 'radio') {
          const current = given === undefined ? field.value : given;
          return <input key={key} {...common} type="radio" name={`field-${field.name}`} checked={current === field.onValue} onChange={() => onChange(field, field.onValue ?? 'Off')} />;
        }
        const text = String(given ?? field.value);
        if (field.kind === 'select') {
          return (
            <select key={key} {...common} value={text} onChange={(e) => onChange(field, e.target.value)}>
              {!field.options?.some((o) => o.value === text) && <option value={text}>{text}</option>}
              {field.options?.map((o) => (
                <option key={o.value} value={o.value}>
                  {o.label}
                </option>
              ))}
            </select>
          );
        }
        if (field.multiline) return <textarea key={key} {...common} value={text} maxLength={field.maxLength} onChange={(e) => onChange(field, e.target.value)} />;
        return <input key={key} {...common} type="text" value={text} maxLength={field.maxLength} onChange={(e) => onChange(field, e.target.value)} />;
      })}
    </div>
  );
}

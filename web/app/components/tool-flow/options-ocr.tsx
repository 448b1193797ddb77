import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { Lang } from '#shared/i18n';
import ocrTool, { MAX_OCR_LANGUAGES, MAX_OCR_PAGES, OCR_LANGUAGES, OCR_OUTTYPES, type OcrLanguage, type OcrOuttype } from '#shared/tools/pdf-ocr';
import type { FileItem } from './flow-state';
import { CheckboxField, ChoiceGroup } from './options-fields';
import { defineOptions, type OptionsOutcome, type OptionsPanelProps, type RequestFields } from './options-types';

export interface OcrOptions {
  /** In the order the user picked them: the first is the document's main language. */
  languages: OcrLanguage[];
  outtype: OcrOuttype;
  excelonesheet: boolean;
  /** Read again the scans that already carry text (an earlier OCR). */
  redo: boolean;
}

/** The document language a page in this UI language most likely holds. */
export const ocrLanguageFor = (lang: Lang): OcrLanguage => (lang === 'fr' ? 'fra' : 'eng');

/** The searchable PDF first: it is the default and keeps the document as it looks. */
const OUTTYPES = [...OCR_OUTTYPES].sort((a, b) => Number(b === 'pdf') - Number(a === 'pdf'));

export function toggleLanguage(languages: readonly OcrLanguage[], code: OcrLanguage): OcrLanguage[] {
  if (languages.includes(code)) return languages.filter((l) => l !== code);
  return languages.length < MAX_OCR_LANGUAGES ? [...languages, code] : [...languages];
}

export function ocrRequest(value: OcrOptions, files: readonly Pick<FileItem, 'pages'>[]): OptionsOutcome {
  if (value.languages.length === 0) return { ok: false, hint: 'options.ocr.hintLanguage' };
  if (files.length === 1 && (files[0].pages ?? 0) > MAX_OCR_PAGES) return { ok: false, hint: 'options.ocr.tooManyPages' };
  const fields: RequestFields = { language: value.languages.join('+'), outtype: value.outtype };
  if (value.outtype === 'excel') fields.excelonesheet = value.excelonesheet;
  if (value.redo) fields.redo = true;
  return { ok: true, fields };
}

function LanguagePicker({ value, onChange }: Pick<OptionsPanelProps<OcrOptions>, 'value' | 'onChange'>) {
  const { t } = useTranslation();
  const helpId = useId();
  const full = value.languages.length >= MAX_OCR_LANGUAGES;
  return (
    <fieldset className="options" aria-describedby={helpId}>
      <legend className="options__legend">{t('options.ocr.languageLegend')}</legend>
      <p id={helpId} className="field__help">
        {t('options.ocr.languageHelp', { max: MAX_OCR_LANGUAGES })}
      </p>
      <div className="chip-list">
        {OCR_LANGUAGES.map((code) => {
          const checked = value.languages.includes(code);
          return (
            <label key={code} className="chip">
              <input type="checkbox" checked={checked} disabled={!checked && full} onChange={() => onChange({ ...value, languages: toggleLanguage(value.languages, code) })} />
              <span>{t(`options.ocr.languages.${code}`)}</span>
            </label>
          );
        })}
      </div>
      {value.languages.length === 0 && (
        <p className="field__error" role="alert">
          {t('options.ocr.hintLanguage')}
        </p>
      )}
    </fieldset>
  );
}

function OcrPanel({ value, onChange }: OptionsPanelProps<OcrOptions>) {
  const { t } = useTranslation();
  return (
    <div className="options-stack">
      <p className="options__intro">{t('options.ocr.intro')}</p>
      <LanguagePicker value={value} onChange={onChange} />
      <ChoiceGroup
        legend={t('options.ocr.outtypeLegend')}
        value={value.outtype}
        choices={OUTTYPES.map((o) => ({ value: o, label: t(`options.ocr.outtype.${o}.label`), help: t(`options.ocr.outtype.${o}.help`) }))}
        onChange={(outtype) => onChange({ ...value, outtype })}
        detail={{
          excel: (
            <div className="field--nested">
              <CheckboxField label={t('options.ocr.oneSheet')} checked={value.excelonesheet} onChange={(excelonesheet) => onChange({ ...value, excelonesheet })} />
            </div>
          ),
        }}
      />
      <CheckboxField label={t('options.ocr.redo')} help={t('options.ocr.redoHelp')} checked={value.redo} onChange={(redo) => onChange({ ...value, redo })} />
    </div>
  );
}

const defaults = ocrTool.options.parse({});

/** PDF OCR: the document's languages (joined by '+', as Tesseract takes them) and what the text becomes. */
export const ocrOptions = defineOptions<OcrOptions>({
  initial: { languages: [ocrLanguageFor('en')], outtype: defaults.outtype, excelonesheet: defaults.excelonesheet, redo: defaults.redo },
  initialFor: (lang) => ({ languages: [ocrLanguageFor(lang)], outtype: defaults.outtype, excelonesheet: defaults.excelonesheet, redo: defaults.redo }),
  toRequest: ocrRequest,
  noticeActions: { OCR_KEPT_SCANS: { label: 'options.ocr.redoAll', apply: (value) => ({ ...value, redo: true }) } },
  Panel: OcrPanel,
  progressNote: 'options.ocr.progressNote',
});

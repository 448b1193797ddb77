import type { TFunction } from 'i18next';
import type { Lang } from './i18n';

const UNITS = ['B', 'KB', 'MB', 'GB'] as const;

/** 1536 → "1.5 KB" (fr: "1,5 Ko"); binary multiples, as file managers show them. */
export function formatBytes(bytes: number, t: TFunction, lang: Lang): string {
  let value = Math.max(0, bytes);
  let unit = 0;
  while (value >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit++;
  }
  const digits = unit === 0 || value >= 10 ? 0 : 1;
  const formatted = new Intl.NumberFormat(lang, { maximumFractionDigits: digits }).format(value);
  return t(`units.${UNITS[unit]}`, { value: formatted });
}

/** Size change of an output against its input: 1000 → 370 gives "-63%" (fr: "-63 %"). */
export function formatSaving(before: number, after: number, lang: Lang): string {
  const ratio = before > 0 ? Math.min(0, after / before - 1) : 0;
  return new Intl.NumberFormat(lang, { style: 'percent', maximumFractionDigits: 0, signDisplay: 'exceptZero' }).format(ratio);
}

/** File names for a sentence: the first three, then "…" for the rest. */
export function fileNameList(names: readonly string[], shown = 3): string {
  return names.length <= shown ? names.join(', ') : `${names.slice(0, shown).join(', ')}, …`;
}

const LOCALES: Record<Lang, string> = { en: 'en-US', fr: 'fr-FR' };

/** 9.99 USD → "$9.99", 60 EUR → "60 €" (fr); whole amounts without cents. */
export function formatMoney(amount: number, currency: string, lang: Lang): string {
  return new Intl.NumberFormat(LOCALES[lang], { style: 'currency', currency, minimumFractionDigits: Number.isInteger(amount) ? 0 : 2 }).format(amount);
}


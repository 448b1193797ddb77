import { RESOURCES } from './i18n';

/**
 * Options whose values are codes with a name in the site's English copy (the OCR languages): the API
 * document and `sheaf <tool> --help` list each code with its name. The codes themselves come from the
 * tool's declaration; this only says where their names are.
 */
const NAMED: Record<string, Record<string, Readonly<Record<string, string>>>> = {
  'pdf-ocr': { language: RESOURCES.en.options.ocr.languages },
};

/** The names of an option's values by code, or nothing when its values are their own names. */
export const valueNamesOf = (toolId: string, option: string): Readonly<Record<string, string>> | undefined => NAMED[toolId]?.[option];

/** "eng: English, fra: French, …" for the codes given, in their order. */
export const namedValues = (codes: readonly string[], names: Readonly<Record<string, string>>) =>
  codes.map((code) => (names[code] ? `${code}: ${names[code]}` : code)).join(', ');

import type { TFunction } from 'i18next';

/** A list from the locale files (steps, questions, paragraphs); an empty list when the key holds none. */
export function copyList<T>(t: TFunction, key: string, options: Record<string, unknown> = {}): T[] {
  const value = t(key, { ...options, returnObjects: true, defaultValue: [] }) as unknown;
  return Array.isArray(value) ? (value as T[]) : [];
}

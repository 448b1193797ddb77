/** The spec's suggested mail domains, in its order. */
export const SUGGESTED_DOMAINS = ['gmail.com', 'hotmail.com', 'yahoo.com', 'icloud.com', 'outlook.com'] as const;

/**
 * Completions of a half-typed address: 'ada' or 'ada@' → every suggested domain, 'ada@ho' →
 * ada@hotmail.com. Nothing once the domain is complete, or before anything is typed.
 */
export function emailSuggestions(value: string): string[] {
  const input = value.trim();
  if (!input || /\s/.test(input)) return [];
  const at = input.indexOf('@');
  const local = at < 0 ? input : input.slice(0, at);
  if (!local || input.indexOf('@', at + 1) >= 0) return [];
  const typed = at < 0 ? '' : input.slice(at + 1).toLowerCase();
  return SUGGESTED_DOMAINS.filter((d) => d.startsWith(typed) && d !== typed).map((d) => `${local}@${d}`);
}

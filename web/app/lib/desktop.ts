export type DesktopOs = 'windows' | 'mac';

/**
 * The desktop system a user agent runs, if the app exists for it. Phones and tablets first:
 * iPhones and iPads say "like Mac OS X", and some Android browsers mention Windows in desktop mode.
 */
export function desktopOsOf(userAgent: string | null): DesktopOs | undefined {
  const ua = userAgent ?? '';
  if (/iPhone|iPad|iPod|Android|Mobile/i.test(ua)) return undefined;
  if (/Windows/i.test(ua)) return 'windows';
  if (/Macintosh|Mac OS X/i.test(ua)) return 'mac';
  return undefined;
}

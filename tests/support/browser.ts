import { chromium, type Browser } from 'playwright-core';

/** Flags that keep Debian's Chromium from reaching for the (closed) network on its own. */
export const QUIET_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/** Debian's Chromium, headless and quiet. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: '/usr/bin/chromium', args: QUIET_CHROMIUM_FLAGS });
}

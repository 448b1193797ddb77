import { chromium, type Browser } from 'playwright-core';

/** Debian's Chromium, headless, with nothing that reaches for the (closed) network on its own. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: '/usr/bin/chromium',
    args: ['--no-sandbox', '--disable-gpu', '--disable-background-networking', '--disable-component-update', '--disable-sync', '--no-first-run'],
  });
}

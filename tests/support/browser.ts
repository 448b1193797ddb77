import { chromium, type Browser } from 'playwright-core';
import { CHROMIUM_PATH, QUIET_CHROMIUM_FLAGS } from '../../worker/src/engines/chromium';

/** Debian's Chromium, headless, started with the worker's quiet-start flags. */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({ executablePath: CHROMIUM_PATH, args: QUIET_CHROMIUM_FLAGS });
}

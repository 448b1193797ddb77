import { afterAll, describe, expect, it } from 'vitest';
import { closeBrowser, newBrowserContext } from '../../worker/src/engines/chromium';

const IDLE_MS = 200;

describe('warm engines stop when unused (ENGINE_IDLE_SECONDS)', () => {
  afterAll(() => closeBrowser());

  it('keeps Chromium while a job has a context open, closes it once unused for the idle time, and launches it again on the next call', async () => {
    const context = await newBrowserContext({}, IDLE_MS);
    const browser = context.browser()!;
    await new Promise((r) => setTimeout(r, IDLE_MS * 3));
    expect(browser.isConnected()).toBe(true);

    const closed = new Promise((resolve) => browser.once('disconnected', resolve));
    await context.close();
    await closed;

    const again = await newBrowserContext({}, IDLE_MS);
    expect(again.browser()).not.toBe(browser);
    expect(again.browser()!.isConnected()).toBe(true);
    await again.close();
  });
});

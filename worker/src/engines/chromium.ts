import { chromium, type Browser, type BrowserContext, type BrowserContextOptions } from 'playwright-core';
import { engineIdleMs } from '#shared/env';
import type { EngineName } from '#shared/tools';

/** What playwright-core starts here, for the worker's engine checks. */
export const ENGINE = 'chromium' satisfies EngineName;

export const CHROMIUM_PATH = '/usr/bin/chromium';

/** Flags that keep Debian's Chromium from reaching for the (closed) network on its own (the tests' browsers use them too). */
export const QUIET_CHROMIUM_FLAGS = [
  '--no-sandbox',
  '--disable-gpu',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
  '--no-first-run',
];

/**
 * Flags of the rendering browser. Besides the quiet-start flags: no QUIC and no WebRTC UDP outside
 * the proxy, so every byte a page fetches goes through the job's guarded proxy.
 */
const ARGS = [
  ...QUIET_CHROMIUM_FLAGS,
  '--disable-dev-shm-usage',
  '--disable-quic',
  '--webrtc-ip-handling-policy=disable_non_proxied_udp',
  '--force-webrtc-ip-handling-policy',
];
const LAUNCH_TIMEOUT_MS = 30_000;

let current: Promise<Browser> | undefined;
let idleTimer: NodeJS.Timeout | undefined;
/** Contexts asked for and not yet made: the browser they are made in must not close under them. */
let opening = 0;

/**
 * Closes the browser once no job has asked for it for `idleMs` and none has a context open or
 * opening: an idle worker does not hold a few hundred megabytes for a tool nobody uses.
 */
function closeWhenIdle(idleMs: number) {
  clearTimeout(idleTimer);
  idleTimer = setTimeout(() => {
    void current?.then(
      (browser) => (browser.contexts().length || opening ? closeWhenIdle(idleMs) : closeBrowser()),
      () => undefined,
    );
  }, idleMs);
  idleTimer.unref();
}

/** A fresh context of the worker's one Chromium (see sharedBrowser), which stays open while the context does. */
export async function newBrowserContext(options: BrowserContextOptions, idleMs = engineIdleMs()): Promise<BrowserContext> {
  opening++;
  try {
    const browser = await sharedBrowser(idleMs);
    return await browser.newContext(options);
  } finally {
    opening--;
    closeWhenIdle(idleMs);
  }
}

/**
 * The worker's one Chromium, launched on first use and kept warm: a launch costs about a second,
 * a fresh browser context per job costs milliseconds and shares nothing with other jobs. A browser
 * that crashed or was closed is launched again on the next call; one unused for ENGINE_IDLE_SECONDS
 * is closed. playwright-core spawns it without a shell and kills it when this process exits.
 */
function sharedBrowser(idleMs: number): Promise<Browser> {
  if (!current) {
    const launching = chromium.launch({
      executablePath: CHROMIUM_PATH,
      args: ARGS,
      timeout: LAUNCH_TIMEOUT_MS,
      // The worker decides when to stop; closeBrowser() runs after the running jobs are done.
      handleSIGINT: false,
      handleSIGTERM: false,
      handleSIGHUP: false,
    });
    current = launching;
    const forget = () => {
      if (current === launching) current = undefined;
    };
    launching.then((browser) => browser.on('disconnected', forget), forget);
  }
  const pending = current;
  return pending.then((browser) => {
    if (browser.isConnected()) {
      // Counted from the hand-over, not the launch: a slow launch must not close it under its first job.
      closeWhenIdle(idleMs);
      return browser;
    }
    if (current === pending) current = undefined;
    return sharedBrowser(idleMs);
  });
}

/** Closes the shared browser, if one was launched. Call it when the worker shuts down. */
export async function closeBrowser(): Promise<void> {
  clearTimeout(idleTimer);
  const pending = current;
  current = undefined;
  const browser = await pending?.catch(() => undefined);
  await browser?.close().catch(() => undefined);
}

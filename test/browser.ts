// The browser of the preview tests: Debian's chromium (as .ci/run installs it) or TPLSYNC_CHROMIUM.
// Without one a test says it was skipped on a contributor's machine, and FAILS in CI (CI set):
// a CI run without a browser must not pass the browser tests silently.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.TPLSYNC_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));

const HOW = 'install Debian\'s `chromium` package (apt-get install chromium, as .ci/run does) or set TPLSYNC_CHROMIUM to a Chromium';

/** Whether a missing browser fails the test (in CI) rather than skipping it. */
export function browserRequired(env: NodeJS.ProcessEnv = process.env): boolean {
  const ci = env.CI;
  return ci !== undefined && ci !== '' && ci !== '0' && ci.toLowerCase() !== 'false';
}

/** Launches the headless browser; undefined (with a note) when there is none outside CI; throws in CI. */
export async function launchBrowser(): Promise<Browser | undefined> {
  if (!CHROMIUM) {
    if (browserRequired()) throw new Error(`no Chromium found, and CI is set: the browser tests cannot pass without one (${HOW})`);
    console.log(`  SKIPPED: no Chromium found (${HOW})`);
    return undefined;
  }
  if (process.env.TPLSYNC_CHROMIUM && !existsSync(CHROMIUM)) throw new Error(`TPLSYNC_CHROMIUM=${CHROMIUM} does not exist`);
  return chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
}

/**
 * One browser for a test file, launched by the first test that asks for it rather than in a
 * `test.before` hook: uvu swallows a hook's error (the file then fails with 0 tests passed and no
 * reason), while a test that throws says why. A failed launch (no browser in CI) fails every test
 * that asks, with its message. `close()` goes in `test.after`.
 */
export function sharedBrowser(): { get: () => Promise<Browser | undefined>; close: () => Promise<void> } {
  let launch: Promise<Browser | undefined> | undefined;
  return {
    get: () => (launch ??= launchBrowser()),
    close: async () => { const b = await launch?.catch(() => undefined); await b?.close(); },
  };
}

/** Runs `fn` with a headless browser, closing it after; skipped without one, except in CI where it fails. */
export async function withBrowser(fn: (browser: Browser) => Promise<void>): Promise<void> {
  const browser = await launchBrowser();
  if (!browser) return;
  try { await fn(browser); } finally { await browser.close(); }
}

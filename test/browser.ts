// The browser of the preview tests: Debian's chromium (as .ci/run installs it) or TPLSYNC_CHROMIUM.
import { existsSync } from 'node:fs';
import { chromium, type Browser } from 'playwright-core';

export const CHROMIUM = process.env.TPLSYNC_CHROMIUM ?? ['/usr/bin/chromium', '/usr/bin/chromium-browser', '/usr/bin/google-chrome'].find((p) => existsSync(p));

/** Runs `fn` with a headless browser, closing it after; says it skipped when there is none. */
export async function withBrowser(fn: (browser: Browser) => Promise<void>): Promise<void> {
  if (!CHROMIUM) {
    console.log('  SKIPPED: no Chromium found (install Debian\'s `chromium` package, as .ci/run does, or set TPLSYNC_CHROMIUM)');
    return;
  }
  const browser = await chromium.launch({ executablePath: CHROMIUM, args: ['--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run', '--disable-background-networking', '--disable-component-update', '--disable-sync'] });
  try { await fn(browser); } finally { await browser.close(); }
}

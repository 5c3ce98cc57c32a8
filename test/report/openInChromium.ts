import { existsSync } from 'node:fs';
import { type Browser, chromium } from 'playwright-core';

export const CHROMIUM = '/usr/bin/chromium';

/** Whether Debian's Chromium is installed (`.ci/run` installs it; a developer may not have it). */
export const hasChromium = existsSync(CHROMIUM);

/**
 * Headless Chromium as this machine allows it: root needs --no-sandbox, and without the
 * background-networking flags it keeps dialling hosts the closed network refuses.
 */
export function launchChromium(): Promise<Browser> {
  return chromium.launch({
    executablePath: CHROMIUM,
    headless: true,
    args: [
      '--no-sandbox',
      '--disable-gpu',
      '--disable-quic',
      '--no-first-run',
      '--disable-background-networking',
      '--disable-component-update',
      '--disable-sync',
    ],
  });
}

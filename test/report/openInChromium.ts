import { existsSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
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

/** What the report page says it drew (`globalThis.__perpflowReport`), and its console errors. */
export interface OpenedReport {
  readonly drawn: { charts: number; markers: number; ready: boolean } | undefined;
  readonly errors: readonly string[];
}

/** Opens a report file, waits until it has drawn, keeps a full-page screenshot, and closes the browser. */
export async function openReport(htmlPath: string, screenshotPath: string): Promise<OpenedReport> {
  const browser = await launchChromium();
  try {
    const errors: string[] = [];
    const page = await browser.newPage({ viewport: { width: 1280, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(htmlPath).href);
    await page.waitForFunction(
      () => (globalThis as { __perpflowReport?: { ready: boolean } }).__perpflowReport?.ready,
    );
    const drawn = await page.evaluate(
      () => (globalThis as unknown as { __perpflowReport: OpenedReport['drawn'] }).__perpflowReport,
    );
    await page.screenshot({ path: screenshotPath, fullPage: true });
    return { drawn, errors };
  } finally {
    await browser.close();
  }
}

import { readFileSync } from 'node:fs';
import { pathToFileURL } from 'node:url';
import type { Page } from 'playwright-core';
import { launchChromium } from './openInChromium.ts';

const MEASURE = readFileSync(new URL('./measurePage.js', import.meta.url), 'utf8');

/** What a report page shows, measured in the page itself. */
export interface PageFacts {
  readonly errors: readonly string[];
  /** The last tick labels each chart's price axis drew, by chart element id. */
  readonly axes: Readonly<Record<string, readonly string[]>>;
  /** Per chart element id: how many of its canvas pixels are clearly unlike the first one (its background). */
  readonly inked: Readonly<Record<string, number>>;
  /** Metric rows (`.metrics tr`, `#heatmap-top tr`): how many, and the ones hidden from a reader. */
  readonly metricRows: number;
  readonly hiddenRows: readonly string[];
  readonly pageWidth: number;
}

/**
 * Opens `htmlPath` in headless Chromium at 1400 × 900, waits until the page says it is ready
 * (`__perpflowReport.ready`), and measures: console errors, axis labels, inked pixels of every
 * canvas inside each element whose id starts with "chart-" or "heatmap", and whether every metric
 * row can be read by scrolling the page as a whole (inside the page's width, not clipped by an
 * inner scroll box). Keeps a full-page screenshot.
 */
export async function inspectPage<T = undefined>(
  htmlPath: string,
  screenshotPath: string,
  interact?: (page: Page) => Promise<T>,
): Promise<PageFacts & { readonly interaction: T | undefined }> {
  const browser = await launchChromium();
  try {
    const errors: string[] = [];
    const page = await browser.newPage({ viewport: { width: 1400, height: 900 } });
    page.on('console', (m) => {
      if (m.type() === 'error') errors.push(m.text());
    });
    page.on('pageerror', (e) => errors.push(e.message));
    await page.goto(pathToFileURL(htmlPath).href);
    await page.waitForFunction(
      () => (globalThis as { __perpflowReport?: { ready: boolean } }).__perpflowReport?.ready === true,
      undefined,
      { timeout: 30_000 },
    );
    const facts = await page.evaluate<Omit<PageFacts, 'errors'>>(MEASURE);
    await page.screenshot({ path: screenshotPath, fullPage: true });
    const interaction = interact === undefined ? undefined : await interact(page);
    return { errors, ...facts, interaction };
  } finally {
    await browser.close();
  }
}

import type { Browser, Page } from 'playwright-core';

/** Console errors and page errors, collected from when the page opens. */
export function collectErrors(page: Page): string[] {
  const errors: string[] = [];
  page.on('console', (m) => {
    if (m.type() === 'error') errors.push(m.text());
  });
  page.on('pageerror', (e) => errors.push(e.message));
  return errors;
}

/** A phone-sized (390 × 844) or desktop page, in the given colour scheme. */
export function openPage(browser: Browser, o: { phone?: boolean; dark?: boolean } = {}): Promise<Page> {
  return browser.newPage({
    viewport: o.phone ? { width: 390, height: 844 } : { width: 1280, height: 900 },
    colorScheme: o.dark ? 'dark' : 'light',
  });
}

/** Whether the page scrolls sideways (what a phone user would have to do). */
export function scrollsSideways(page: Page): Promise<boolean> {
  return page.evaluate<boolean>(
    'document.documentElement.scrollWidth > document.documentElement.clientWidth',
  );
}

/** The GETs the page makes to the control API from now on (the push line itself excluded). */
export function watchApiGets(page: Page): string[] {
  const gets: string[] = [];
  page.on('request', (r) => {
    const u = new URL(r.url());
    if (r.method() === 'GET' && u.pathname.startsWith('/api/v1/') && u.pathname !== '/api/v1/events')
      gets.push(u.pathname + u.search);
  });
  return gets;
}

/** Waits until the push line is open and the first snapshot is read. */
export async function waitLive(page: Page, timeout = 15_000): Promise<void> {
  await page.waitForSelector('#connection.live', { timeout });
}

import { randomBytes, scryptSync } from 'node:crypto';
import type { Browser, Page } from 'playwright-core';
import { openPage, waitLive } from './consolePage.ts';

export const USER = 'ada';
export const PASSWORD = 'correct horse battery staple';

/** A console password hash as `perpflow console hash` makes it (scrypt N=2^15, r=8, p=1, 32-byte key). */
export function passwordHash(password: string): string {
  const salt = randomBytes(16);
  const key = scryptSync(password, salt, 32, { N: 32_768, r: 8, p: 1, maxmem: 64 * 1024 * 1024 });
  return `scrypt$32768$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
}

/** A fresh browser context signed in with the password form; the page waits until it is live. */
export async function signIn(browser: Browser, url: string, o: { phone?: boolean } = {}): Promise<Page> {
  const page = await openPage(browser, o);
  await page.goto(url);
  await page.fill('input[name="user"]', USER);
  await page.fill('input[name="password"]', PASSWORD);
  await page.click('button:text("Sign in")');
  await waitLive(page);
  return page;
}

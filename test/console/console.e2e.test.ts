import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, FillView, StrategyView } from '../../src/operate/api/contract.ts';
import { hasChromium, launchChromium } from '../report/openInChromium.ts';
import { tempDir } from '../run/runHarness.ts';
import { type ConsoleBot, consoleConfig, poll, startConsoleBot, stopBot } from './consoleBot.ts';
import { collectErrors, openPage, scrollsSideways, waitLive, watchApiGets } from './consolePage.ts';
import { PASSWORD, passwordHash, signIn, USER } from './signIn.ts';

/** What the page shows of one strategy card: its state and counts. */
async function strategyCard(
  page: Page,
  id: string,
): Promise<{ state: string; intents: number; dropped: number }> {
  const card = page.locator(`.strategy[data-strategy="${id}"]`);
  const state = (await card.locator('h2 .tag').textContent()) ?? '';
  const counts = (await card.locator('.row .sub').first().textContent()) ?? '';
  const [, intents = '-1', dropped = '-1'] = /(\d+) intents · (\d+) dropped/.exec(counts) ?? [];
  return { state, intents: Number(intents), dropped: Number(dropped) };
}

/** Waits until the page shows strategy `id` with at least `n` intents (pushed: the page is not reloaded). */
async function intentsReach(page: Page, id: string, n: number): Promise<void> {
  await page.waitForFunction(
    `Number(/(\\d+) intents/.exec(document.querySelector('.strategy[data-strategy="${id}"] .row .sub')?.textContent ?? '')?.[1] ?? -1) >= ${n}`,
    undefined,
    { timeout: 15_000 },
  );
}

/** Reads a view from the bot's API with the page's session (the test's own request, not the page's). */
async function read<T>(page: Page, path: string): Promise<T> {
  const res = await page.context().request.get(new URL(`api/v1${path}`, page.url()).href);
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

// One dry run serves the tests in order: they share its journal and its operator history, as a
// user's session would (sign in, watch, pause, close, halt, restart).
describe.skipIf(!hasChromium && process.env.CI === undefined)(
  'the console of a real perpflow run (dry run)',
  () => {
    const dir = tempDir();
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host'), PF_CONSOLE_ADA: passwordHash(PASSWORD) };
    let cfg = consoleConfig(dir, { port: 0, passwordHashEnv: 'PF_CONSOLE_ADA' });
    let bot: ConsoleBot;
    let browser: Browser;
    let watcher: Page;

    beforeAll(async () => {
      [bot, browser] = await Promise.all([startConsoleBot(cfg, env), launchChromium()]);
      // Restarts reuse the port the first run got, so an open page can find the bot again.
      cfg = consoleConfig(dir, { port: bot.port, passwordHashEnv: 'PF_CONSOLE_ADA' });
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      if (bot) await stopBot(bot);
    });

    it('signs in with the link the bot printed, once', async () => {
      const page = await openPage(browser);
      await page.goto(bot.link);
      await waitLive(page);
      expect(await page.textContent('.top strong')).toBe(
        bot.url ? await page.textContent('.top strong') : '',
      );
      expect(await page.isVisible('#account')).toBe(true);
      const again = await openPage(browser);
      await again.goto(bot.link);
      await again.waitForSelector('input[name="password"]');
      await page.context().close();
      await again.context().close();
    });

    it('signs in with a password, and refuses a wrong one', async () => {
      const wrong = await openPage(browser);
      await wrong.goto(bot.url);
      await wrong.fill('input[name="user"]', USER);
      await wrong.fill('input[name="password"]', 'wrong');
      await wrong.click('button:text("Sign in")');
      await wrong.waitForSelector('.login [role="alert"]');
      await wrong.context().close();
      watcher = await signIn(browser, bot.url);
      expect(await watcher.textContent('.top .sub')).toContain(USER);
    });

    it('shows a dca open on the dashboard within 1 s of its fill, pushed: the page asks nothing meanwhile', async () => {
      const errors = collectErrors(watcher);
      // The page's own record of when each position's quantity changed.
      await watcher.evaluate(`(() => {
      window.__qty = [];
      const seen = {};
      const look = () => {
        for (const tr of document.querySelectorAll('#positions tr[data-market]')) {
          const q = tr.children[2].textContent;
          const m = tr.getAttribute('data-market');
          if (seen[m] !== q) { seen[m] = q; window.__qty.push({ market: m, quantity: q, at: Date.now() }); }
        }
      };
      look();
      new MutationObserver(look).observe(document.getElementById('app'), { subtree: true, childList: true, characterData: true });
    })()`);
      const gets = watchApiGets(watcher);
      const since = Date.now();
      const f = await poll(
        async () =>
          (await read<FillView[]>(watcher, '/fills?limit=50')).find(
            (x) => x.strategy === 'dca-btc' && x.action === 'open' && x.at > since,
          ),
        15_000,
        'a dca-btc fill',
      );
      await watcher.waitForFunction(
        (at) =>
          (globalThis as unknown as { __qty: { market: string; at: number }[] }).__qty.some(
            (q) => q.market === 'BTCUSDT' && q.at >= at,
          ),
        f.at,
        { timeout: 5000 },
      );
      const shown = (await watcher.evaluate('window.__qty')) as { market: string; at: number }[];
      const first = shown.find((q) => q.market === 'BTCUSDT' && q.at >= f.at) as { at: number };
      expect(first.at - f.at).toBeLessThanOrEqual(1000);
      expect(gets).toEqual([]);
      expect(errors).toEqual([]);
    });

    it('has no horizontal scroll at 390 px wide, on every page of the live bot', async () => {
      const phone = await signIn(browser, bot.url, { phone: true });
      const wide: string[] = [];
      for (const route of [
        'dashboard',
        'market/BTCUSDT',
        'strategies',
        'trades',
        'audit',
        'bots',
        'reports',
      ]) {
        await phone.goto(`${bot.url}#/${route}`);
        await phone.waitForSelector('main .card');
        if (await scrollsSideways(phone)) wide.push(route);
      }
      expect(wide).toEqual([]);
      await phone.context().close();
    });

    it('pauses a strategy: at its next schedules it emits nothing (counted as dropped) while the other one buys', async () => {
      await watcher.goto(`${bot.url}#/strategies`);
      await watcher.click('.strategy[data-strategy="dca-btc"] button:text("Pause")');
      await watcher.waitForSelector('.strategy[data-strategy="dca-btc"] .tag.paused', { timeout: 5000 });
      const btc = await strategyCard(watcher, 'dca-btc');
      const eth = await strategyCard(watcher, 'dca-eth');
      // Two of dca-eth's schedules pass (its count moves by 2, pushed): dca-btc's schedules passed too.
      await intentsReach(watcher, 'dca-eth', eth.intents + 2);
      const after = await strategyCard(watcher, 'dca-btc');
      expect(after.state).toBe('paused');
      expect(after.intents).toBe(btc.intents);
      expect(after.dropped).toBeGreaterThan(btc.dropped);
    });

    it('closes a position from the console: the venue holds none after, and the audit names the user', async () => {
      await watcher.goto(`${bot.url}#/dashboard`);
      await watcher.click('#positions tr[data-market="BTCUSDT"] button:text("Close")');
      await watcher.click('.dialog button:text("Close position")');
      await watcher.waitForSelector('#positions .outcome.ok', { timeout: 5000 });
      await watcher.waitForSelector('#positions tr[data-market="BTCUSDT"]', {
        state: 'detached',
        timeout: 10_000,
      });
      const audit = await read<AuditEntry[]>(watcher, '/audit');
      const close = audit.find((a) => a.action.kind === 'close');
      expect(close).toMatchObject({
        actor: { via: 'console', name: USER },
        action: { market: 'BTCUSDT' },
        outcome: { status: 'accepted' },
      });
      await watcher.click('a[href="#/audit"]');
      await watcher.waitForSelector(`#audit td:text("${USER}")`);
    });

    it('halts after confirmation: the halt shows on every page and latches (no new open fills)', async () => {
      await watcher.click('.top button:text("Halt")');
      await watcher.click('.dialog button:text("Halt")');
      await watcher.waitForSelector('#trading-state:text("HALTED")', { timeout: 5000 });
      await watcher.waitForSelector('.banner');
      const fillsAtHalt = (await read<FillView[]>(watcher, '/fills?limit=500')).filter(
        (f) => f.action === 'open',
      ).length;
      const eth = await (async () => {
        await watcher.goto(`${bot.url}#/strategies`);
        return strategyCard(watcher, 'dca-eth');
      })();
      await intentsReach(watcher, 'dca-eth', eth.intents + 2);
      expect(
        (await read<FillView[]>(watcher, '/fills?limit=500')).filter((f) => f.action === 'open').length,
      ).toBe(fillsAtHalt);
      expect(await watcher.textContent('#trading-state')).toBe('HALTED');
    });

    it('after kill -9 and a restart the open page reconnects by itself (no reload), dca-btc still paused', async () => {
      await watcher.evaluate('window.__sameDocument = true');
      const opened = (await watcher.evaluate('window.__perpflowConsole.opened')) as number;
      bot.proc.child.kill('SIGKILL');
      await bot.proc.exited;
      await watcher.waitForSelector('#connection.lost', { timeout: 10_000 });
      bot = await startConsoleBot(cfg, env);
      await watcher.waitForFunction(
        (n) =>
          (globalThis as unknown as { __perpflowConsole: { opened: number } }).__perpflowConsole.opened > n,
        opened,
        { timeout: 20_000 },
      );
      await waitLive(watcher);
      expect(await watcher.evaluate('window.__sameDocument')).toBe(true);
      await watcher.goto(`${bot.url}#/strategies`);
      const strategies = await read<StrategyView[]>(watcher, '/strategies');
      expect(strategies.find((s) => s.id === 'dca-btc')?.state).toBe('paused');
      expect((await strategyCard(watcher, 'dca-btc')).state).toBe('paused');
    }, 60_000);
  },
);

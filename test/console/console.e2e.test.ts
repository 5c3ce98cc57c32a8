import { userInfo } from 'node:os';
import { join } from 'node:path';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { AuditEntry, FillView, StrategyView } from '../../src/operate/api/contract.ts';
import { hashPassword } from '../../src/operate/api/passwordHash.ts';
import { hasChromium, launchChromium } from '../report/openInChromium.ts';
import { tempDir } from '../run/runHarness.ts';
import { type ConsoleBot, consoleConfig, poll, startConsoleBot, stopBot, writeReport } from './consoleBot.ts';
import { collectErrors, openPage, scrollsSideways, waitLive, watchApiGets } from './consolePage.ts';

const USER = 'ada';
const PASSWORD = 'correct horse battery staple';

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

/** Strategy `id` as the bot's API tells it. */
async function strategyOf(page: Page, id: string): Promise<StrategyView> {
  const s = (await read<StrategyView[]>(page, '/strategies')).find((x) => x.id === id);
  if (s === undefined) throw new Error(`no strategy ${id}`);
  return s;
}

/** Waits until strategy `id` counts `n` or more (accepted intents, or intents dropped while paused). */
async function counts(
  page: Page,
  id: string,
  count: 'intents' | 'droppedWhilePaused',
  n: number,
): Promise<StrategyView> {
  return poll(
    async () => {
      const s = await strategyOf(page, id);
      return s[count] >= n ? s : undefined;
    },
    15_000,
    `${id} at ${n} ${count}`,
  );
}

/** Reads a view with the page's session: the test's own request, which the page's request log does not see. */
async function read<T>(page: Page, path: string): Promise<T> {
  const res = await page.context().request.get(new URL(`/api/v1${path}`, page.url()).href);
  expect(res.status()).toBe(200);
  return (await res.json()) as T;
}

// One dry run, restarted twice on the same port, serves the tests in order, as one operator's
// session would go: sign in, watch, pause, close, halt, restart, crash.
describe.skipIf(!hasChromium && process.env.CI === undefined)(
  'the console of a real perpflow run (dry run)',
  () => {
    const dir = tempDir();
    const env = { PERPFLOW_HOST_DIR: join(dir, 'host'), PF_CONSOLE_ADA: '' };
    let bot: ConsoleBot;
    let browser: Browser;
    let watcher: Page;

    beforeAll(async () => {
      env.PF_CONSOLE_ADA = await hashPassword(PASSWORD);
      writeReport(dir, 'backtest-dca.html');
      [bot, browser] = await Promise.all([
        startConsoleBot(consoleConfig(dir, { port: 0 }), env, {
          link: true,
        }),
        launchChromium(),
      ]);
    }, 60_000);
    afterAll(async () => {
      await browser?.close();
      if (bot) await stopBot(bot);
    });

    it('signs in with the link the bot printed, and the link works once', async () => {
      watcher = await openPage(browser);
      await watcher.goto(bot.link as string);
      await waitLive(watcher);
      expect(await watcher.isVisible('#account')).toBe(true);
      const again = await openPage(browser);
      await again.goto(bot.link as string);
      await again.waitForSelector('input[name="password"]');
      await again.context().close();
    });

    it('shows a dca open on the dashboard within 1 s of its fill, pushed: the page asks the API nothing meanwhile', async () => {
      const errors = collectErrors(watcher);
      // The page's own record of when each market's row count changed.
      await watcher.evaluate(`(() => {
      window.__rows = [];
      const seen = {};
      const look = () => {
        const n = {};
        for (const tr of document.querySelectorAll('#positions tr[data-market]')) {
          const m = tr.getAttribute('data-market');
          n[m] = (n[m] ?? 0) + 1;
        }
        for (const m of Object.keys(n))
          if (seen[m] !== n[m]) { seen[m] = n[m]; window.__rows.push({ market: m, rows: n[m], at: Date.now() }); }
      };
      look();
      new MutationObserver(look).observe(document.getElementById('app'), { subtree: true, childList: true });
    })()`);
      const gets = watchApiGets(watcher);
      const since = Date.now();
      const fill = await poll(
        async () =>
          (await read<FillView[]>(watcher, '/fills?limit=50')).find(
            (f) => f.strategy === 'dca-eth' && f.action === 'open' && f.at > since,
          ),
        15_000,
        'a dca-eth fill',
      );
      const shown = await poll(
        async () =>
          ((await watcher.evaluate('window.__rows')) as { market: string; at: number }[]).find(
            (r) => r.market === 'ETHUSDT' && r.at >= fill.at,
          ),
        5_000,
        'the new position on the page',
      );
      expect(shown.at - fill.at).toBeLessThanOrEqual(1000);
      expect(gets).toEqual([]);
      expect(errors).toEqual([]);
    });

    it('has no horizontal scroll at 390 px wide, on every page of the live bot', async () => {
      const phone = await openPage(browser, { phone: true });
      await phone.context().addCookies(await watcher.context().cookies());
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

    // A report inlines its data, lightweight-charts and its client: the API serves it with its own
    // sandboxed policy, under which the console's (default-src 'self') would draw no chart.
    it('lists a backtest report written under var/reports/ and opens it from the console: its charts draw', async () => {
      await watcher.goto(`${bot.url}#/reports`);
      const [report] = await Promise.all([
        watcher.context().waitForEvent('page'),
        watcher.click('#reports a:text("backtest-dca.html")'),
      ]);
      await report.waitForFunction(
        () => (globalThis as { __perpflowReport?: { ready: boolean } }).__perpflowReport?.ready === true,
        undefined,
        { timeout: 10_000 },
      );
      expect(await report.title()).toContain('dca on BTCUSDT');
      await report.close();
    });

    it('pauses a strategy: at its next schedules it emits nothing (counted as dropped) while the other one buys', async () => {
      await watcher.goto(`${bot.url}#/strategies`);
      await counts(watcher, 'dca-btc', 'intents', 1);
      await watcher.click('.strategy[data-strategy="dca-btc"] button:text("Pause")');
      await watcher.waitForSelector('.strategy[data-strategy="dca-btc"] .tag.paused', { timeout: 5000 });
      const btc = await strategyOf(watcher, 'dca-btc');
      const eth = await strategyOf(watcher, 'dca-eth');
      // Two of dca-eth's schedules pass (its count moves by 2): dca-btc's came too.
      await counts(watcher, 'dca-eth', 'intents', eth.intents + 2);
      const after = await strategyOf(watcher, 'dca-btc');
      expect(after).toMatchObject({ state: 'paused', intents: btc.intents });
      expect(after.droppedWhilePaused).toBeGreaterThanOrEqual(btc.droppedWhilePaused + 2);
      expect((await strategyCard(watcher, 'dca-btc')).state).toBe('paused');
    });

    it('closes a position from the console after asking: the venue fills the close and the position is gone', async () => {
      await watcher.goto(`${bot.url}#/dashboard`);
      const clicked = Date.now();
      await watcher.click('#positions tr[data-market="BTCUSDT"] button:text("Close")');
      await watcher.click('.dialog button:text("Close position")');
      await watcher.waitForSelector('#positions .outcome.ok', { timeout: 5000 });
      await watcher.waitForSelector('#positions tr[data-market="BTCUSDT"]', {
        state: 'detached',
        timeout: 10_000,
      });
      const closes = (await read<FillView[]>(watcher, '/fills?limit=200')).filter(
        (f) => f.market === 'BTCUSDT' && f.action === 'close' && f.at >= clicked,
      );
      expect(closes.length).toBeGreaterThan(0);
      const audit = await read<AuditEntry[]>(watcher, '/audit');
      expect(audit.filter((a) => a.action.kind === 'close')).toMatchObject([
        {
          actor: { via: 'console', name: userInfo().username },
          action: { market: 'BTCUSDT' },
          outcome: { status: 'accepted' },
        },
      ]);
    });

    it('halts after asking: the halt shows in the header, and the next dca buy is denied with no fill', async () => {
      await watcher.click('.top button:text("Halt")');
      await watcher.click('.dialog button:text("Halt")');
      await watcher.waitForSelector('#trading-state:text("HALTED")', { timeout: 5000 });
      await watcher.waitForSelector('.banner');
      const halted = Date.now();
      const opens = (await read<FillView[]>(watcher, '/fills?limit=500')).filter(
        (f) => f.action === 'open',
      ).length;
      // dca-eth's next schedule comes: its buy is denied (the alert is pushed to the page), nothing fills.
      const denial = await poll(
        async () =>
          (await read<{ at: number; text: string }[]>(watcher, '/alerts')).find(
            (a) => a.at > halted && a.text.startsWith('denied dca-eth'),
          ),
        10_000,
        'dca-eth denied after the halt',
      );
      await watcher.waitForSelector(`#alerts li:has-text("${denial.text.slice(0, 40)}")`, { timeout: 2000 });
      expect(
        (await read<FillView[]>(watcher, '/fills?limit=500')).filter((f) => f.action === 'open').length,
      ).toBe(opens);
    });

    it('restarted with a user: the open page asks her password without a reload, still halted, dca-btc still paused, the close in the audit', async () => {
      await watcher.evaluate('window.__sameDocument = true');
      expect(await stopBot(bot)).toBe(0);
      const cfg = consoleConfig(dir, { port: bot.port, passwordHashEnv: 'PF_CONSOLE_ADA' });
      bot = await startConsoleBot(cfg, env, { link: false });
      await watcher.waitForSelector('input[name="password"]', { timeout: 20_000 });
      await watcher.fill('input[name="user"]', USER);
      await watcher.fill('input[name="password"]', 'not her password');
      await watcher.click('button:text("Sign in")');
      await watcher.waitForSelector('.login [role="alert"]');
      await watcher.fill('input[name="password"]', PASSWORD);
      await watcher.click('button:text("Sign in")');
      await waitLive(watcher);
      expect(await watcher.evaluate('window.__sameDocument')).toBe(true);
      expect(await watcher.textContent('#trading-state')).toBe('HALTED');
      await watcher.goto(`${bot.url}#/strategies`);
      expect(await counts(watcher, 'dca-btc', 'droppedWhilePaused', 1)).toMatchObject({
        state: 'paused',
        intents: 0,
      });
      expect((await strategyCard(watcher, 'dca-btc')).state).toBe('paused');
      await watcher.goto(`${bot.url}#/audit`);
      await watcher.waitForSelector(`#audit tr:has-text("close"):has-text("${userInfo().username}")`);
    }, 60_000);

    // Sessions are kept in the journal, so the restarted bot knows the page's cookie.
    it('after kill -9 and a restart of the bot, the open page reconnects by itself without a reload', async () => {
      await watcher.goto(`${bot.url}#/dashboard`);
      await waitLive(watcher);
      const opened = (await watcher.evaluate('window.__perpflowConsole.opened')) as number;
      bot.proc.child.kill('SIGKILL');
      await bot.proc.exited;
      await watcher.waitForSelector('#connection.lost', { timeout: 10_000 });
      bot = await startConsoleBot(
        consoleConfig(dir, { port: bot.port, passwordHashEnv: 'PF_CONSOLE_ADA' }),
        env,
        {
          link: false,
        },
      );
      await poll(
        async () =>
          ((await watcher.evaluate('window.__perpflowConsole.opened')) as number) > opened ? true : undefined,
        20_000,
        'the page to open its push line again',
      );
      await waitLive(watcher);
      expect(await watcher.evaluate('window.__sameDocument')).toBe(true);
      expect(await watcher.isVisible('#account')).toBe(true);
    }, 60_000);
  },
);

import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { FillView, PositionView } from '../../src/operate/api/contract.ts';
import { hasChromium, launchChromium } from '../report/openInChromium.ts';
import { collectErrors, openPage, scrollsSideways, waitLive, watchApiGets } from './consolePage.ts';
import { type Preview, startPreview } from './previewServer.ts';

const POSITION: PositionView = {
  market: 'SOLUSDT',
  strategy: 'dca-sol',
  side: 'LONG',
  quantity: '1.5',
  entryPrice: '180.25',
  mark: '181.00',
  unrealised: '1.125',
  takeProfit: null,
  stopLoss: null,
  unprotected: false,
};

// The page against a stand-in API that answers the contract's recorded shapes: the page's own
// behaviour (what it sends, what it shows). test/console/console.e2e.test.ts drives it against a real bot.
describe.skipIf(!hasChromium && process.env.CI === undefined)('the console page', () => {
  let browser: Browser;
  let preview: Preview;
  beforeAll(async () => {
    browser = await launchChromium();
    preview = await startPreview();
  });
  afterAll(async () => {
    await browser?.close();
    await preview?.close();
  });

  it('shows a pushed position and fill without asking the API again', async () => {
    const page = await openPage(browser);
    const errors = collectErrors(page);
    await page.goto(preview.url);
    await waitLive(page);
    const gets = watchApiGets(page);
    preview.push({ type: 'positions', data: [POSITION] });
    const fill: FillView = {
      id: 'f-new',
      requestId: 'cr_77',
      strategy: 'dca-sol',
      market: 'SOLUSDT',
      side: 'LONG',
      action: 'open',
      quantity: '1.5',
      price: '180.25',
      fee: '0.1352',
      at: Date.UTC(2026, 10, 28, 12),
    };
    preview.push({ type: 'fill', data: fill });
    await page.waitForSelector('#positions tr[data-market="SOLUSDT"]', { timeout: 2000 });
    await page.click('a[href="#/trades"]');
    await page.waitForSelector('#fills td:text("cr_77")', { timeout: 2000 });
    expect(gets.filter((g) => g !== '/api/v1/trades')).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it("keeps a request's pushed steps while it is in flight, drops it once settled, and reads its whole history from the API when opened", async () => {
    const page = await openPage(browser);
    const errors = collectErrors(page);
    await page.goto(preview.url);
    await waitLive(page);
    const gets = watchApiGets(page);
    const step = (from: string, status: string, at: number) =>
      preview.push({
        type: 'request',
        data: {
          id: 'cr_90',
          strategy: 'dca-sol',
          kind: 'open',
          market: 'SOLUSDT',
          from,
          status,
          createdAt: 1,
          at,
        },
      });
    step('CREATED', 'SUBMITTING', 2);
    step('SUBMITTING', 'ACCEPTED', 3);
    await page.waitForSelector('#requests tr[data-request="cr_90"] td:text("ACCEPTED")', { timeout: 2000 });
    await page.click('#requests tr[data-request="cr_15"] button');
    await page.waitForSelector('#requests .history[data-request="cr_15"] li');
    expect(await page.$$eval('#requests .history li', (lis) => lis.map((li) => li.textContent))).toEqual([
      expect.stringMatching(/ CREATED$/),
    ]);
    expect(gets).toEqual(['/api/v1/requests/cr_15']);
    step('ACCEPTED', 'FILLED', 4);
    await page.waitForSelector('#requests tr[data-request="cr_90"]', { state: 'detached', timeout: 2000 });
    expect(errors).toEqual([]);
    await page.close();
  });

  it('closes a position only after the user confirms, with one close for its market', async () => {
    const page = await openPage(browser);
    await page.goto(preview.url);
    await waitLive(page);
    const before = preview.actions.length;
    await page.click('#positions tr[data-market="BTCUSDT"] button:text("Close")');
    expect(preview.actions.length).toBe(before);
    await page.click('.dialog button:text("Close position")');
    await page.waitForSelector('#positions .outcome.ok');
    const sent = preview.actions.slice(before);
    expect(sent.map((a) => ({ kind: a.kind, market: 'market' in a ? a.market : null }))).toEqual([
      { kind: 'close', market: 'BTCUSDT' },
    ]);
    expect(sent[0]?.actionId).toMatch(
      /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/,
    );
    await page.close();
  });

  it('halts after confirmation and shows the latched halt on every page', async () => {
    const page = await openPage(browser);
    await page.goto(preview.url);
    await waitLive(page);
    await page.click('.top button:text("Halt")');
    await page.check('.dialog input[type="checkbox"]');
    await page.click('.dialog button:text("Halt")');
    await page.waitForSelector('.top .outcome.ok');
    expect(preview.actions.at(-1)).toMatchObject({ kind: 'halt', closeAll: true });
    preview.push({
      type: 'bot',
      data: {
        ...(await page.evaluate(() => ({ name: 'alpha' }))),
        mode: 'dry-run',
        pid: 1,
        startedAt: 0,
        version: '0',
        venue: 'x',
        tradingState: 'HALTED',
        stateReason: 'operator halt',
      },
    });
    await page.waitForSelector('.banner:text("Halted: operator halt")', { timeout: 2000 });
    await page.click('a[href="#/audit"]');
    expect(await page.textContent('#trading-state')).toBe('HALTED');
    expect(await page.isVisible('.top button:text("Resume")')).toBe(true);
    await page.close();
  });

  it('sorts and filters fills, and exports what it shows as CSV', async () => {
    const page = await openPage(browser);
    await page.goto(`${preview.url}#/trades`);
    await waitLive(page);
    preview.push({
      type: 'fill',
      data: {
        id: 'f-cheap',
        requestId: 'cr_80',
        strategy: 'dca-sol',
        market: 'SOLUSDT',
        side: 'LONG',
        action: 'open',
        quantity: '3',
        price: '950.5',
        fee: '0.57',
        at: 1,
      },
    });
    await page.waitForSelector('#fills td:text("cr_80")');
    await page.click('#fills th:text("Price")');
    const prices = await page.$$eval('#fills tbody tr', (trs) =>
      trs.map((tr) => tr.children[6]?.textContent),
    );
    expect(prices.slice(0, 2)).toEqual(['950.5', '3412.5']);
    await page.fill('#fills input[type="search"]', 'sma-fast');
    const rows = await page.$$eval('#fills tbody tr', (trs) => trs.map((tr) => tr.children[2]?.textContent));
    expect(rows).toEqual(['sma-fast', 'sma-fast']);
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.click('#fills button:text("CSV")'),
    ]);
    const csv = (await (await download.createReadStream()).toArray()).join('').split('\r\n');
    expect(csv[0]).toBe('at,market,strategy,action,side,quantity,price,fee,requestId');
    expect(csv.slice(1).map((l) => l.split(',')[2])).toEqual(['sma-fast', 'sma-fast']);
    await page.close();
  });

  it('has no horizontal scroll at 390 px wide on any page, light or dark', async () => {
    const page = await openPage(browser, { phone: true, dark: true });
    const errors = collectErrors(page);
    await page.goto(preview.url);
    await waitLive(page);
    const wide: string[] = [];
    for (const route of ['dashboard', 'market/BTCUSDT', 'strategies', 'trades', 'audit', 'bots', 'reports']) {
      await page.goto(`${preview.url}#/${route}`);
      await page.waitForSelector('main .card');
      if (await scrollsSideways(page)) wide.push(route);
    }
    expect(wide).toEqual([]);
    expect(errors).toEqual([]);
    await page.close();
  });

  it('finds the API again by itself when it comes back after a crash: no reload, pushes flow again', async () => {
    const page = await openPage(browser);
    await page.goto(preview.url);
    await waitLive(page);
    await page.evaluate('window.__sameDocument = true');
    const opened = (await page.evaluate('window.__perpflowConsole.opened')) as number;
    await preview.restart();
    await page.waitForFunction(
      (n) =>
        (globalThis as unknown as { __perpflowConsole: { opened: number } }).__perpflowConsole.opened > n,
      opened,
      { timeout: 15_000 },
    );
    await waitLive(page);
    preview.push({ type: 'positions', data: [{ ...POSITION, market: 'XRPUSDT' }] });
    await page.waitForSelector('#positions tr[data-market="XRPUSDT"]', { timeout: 2000 });
    expect(await page.evaluate('window.__sameDocument')).toBe(true);
    await page.close();
  });

  it("lists the host's bots with their state and PnL, and links every other bot's console", async () => {
    const page = await openPage(browser);
    await page.goto(`${preview.url}#/bots`);
    await waitLive(page);
    await page.waitForSelector('#bots tbody tr');
    const rows = await page.$$eval('#bots tbody tr', (trs) =>
      trs.map((tr) =>
        [...tr.children].map((td) => td.querySelector('a')?.getAttribute('href') ?? td.textContent),
      ),
    );
    expect(rows).toEqual([
      ['alpha', 'dry-run', 'ACTIVE', '9.29', 'this one'],
      ['beta', 'live', 'HALTED', '-41.20', 'https://beta.example.net'],
    ]);
    await page.close();
  });

  it('asks for a password when there is no session, and opens the dashboard once signed in', async () => {
    const out = await startPreview({ signedIn: false });
    try {
      const page = await openPage(browser, { phone: true });
      await page.goto(out.url);
      await page.fill('input[name="user"]', 'ada');
      await page.fill('input[name="password"]', 'correct horse');
      await page.click('button:text("Sign in")');
      await waitLive(page);
      expect(await page.isVisible('#account')).toBe(true);
      await page.close();
    } finally {
      await out.close();
    }
  });
});

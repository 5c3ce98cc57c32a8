import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { MarketSymbol, type QuoteId, TempId } from '../../src/domain/ids.ts';
import { dec } from '../../src/domain/money.ts';
import { isTerminalVenueStatus, type RequestKind } from '../../src/domain/venueStatus.ts';
import {
  AuthError,
  OutcomeUnknownError,
  PermissionError,
  TransientVenueError,
  VenueRejectedError,
} from '../../src/errors/venueErrors.ts';
import { redact } from '../../src/log/redact.ts';
import { type BootstrappedAccount, bootstrapAccount } from '../../src/simulator/index.ts';
import { createAccountClient } from '../../src/venue/createAccountClient.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';
import { RequestBudget } from '../../src/venue/http/requestBudget.ts';
import type { OpenOrder, RequestStatusReport, VenueClient } from '../../src/venue/VenuePort.ts';
import { type ContractTransport, TRANSPORTS } from './transports.ts';

const BTC = MarketSymbol('BTCUSDT');
const ETH = MarketSymbol('ETHUSDT');
const marketBuy = (quantity: string, symbol = BTC): OpenOrder => ({
  symbol,
  side: 'LONG',
  orderType: 'MARKET',
  quantity: dec(quantity),
  leverage: 5,
  slippage: dec('0.01'),
});

describe.each(TRANSPORTS)('venue client contract over %s', (name, makeTransport) => {
  // Faults are injected on the wire (status codes, resets, timeouts, 429s): the direct port has none.
  const wireOnly = it.skipIf(name === 'direct');
  let t: ContractTransport;
  let account: BootstrappedAccount;
  let venue: VenueClient;

  const clientFor = (apiKey: string, extra: Partial<Parameters<typeof createVenueClient>[0]> = {}) =>
    t.port?.(apiKey, account.subaccount) ??
    createVenueClient({
      baseUrl: t.baseUrl,
      apiKey,
      subaccount: account.subaccount,
      clock: t.clock,
      fetch: t.fetch,
      timeoutMs: 5_000,
      retry: { retries: 3, baseDelayMs: 100, maxDelayMs: 1_000 },
      budget: new RequestBudget(t.clock, { ratePerSecond: 1_000, burst: 1_000 }),
      ...extra,
    });

  const untilTerminal = async (kind: RequestKind, id: TempId): Promise<RequestStatusReport> => {
    for (let i = 0; i < 60; i++) {
      const report = await t.settle(venue.requestStatus(kind, id));
      if (report !== null && isTerminalVenueStatus(kind, report.status)) return report;
      await t.advance(500);
    }
    throw new Error(`${kind} ${id} did not reach a terminal state`);
  };

  beforeEach(async () => {
    t = await makeTransport();
    account = await bootstrapAccount(t.fetch, { baseUrl: t.baseUrl });
    venue = clientFor(account.apiKey);
    t.arrived.length = 0;
  });
  afterEach(async () => {
    await t.close();
  });

  describe('reads', () => {
    it('maps the market catalog to specs with numeric ids and precisions', async () => {
      const markets = await t.settle(venue.markets());
      const btc = markets.find((m) => m.symbol === BTC);
      expect(btc).toMatchObject({
        symbol: 'BTCUSDT',
        solver: 'PERPS_HUB',
        isValid: true,
        marginMode: 'cross',
      });
      expect(typeof btc?.id).toBe('number');
      expect(btc?.minNotional.isPositive()).toBe(true);
    });

    it('loads the catalog once for many symbol lookups', async () => {
      await t.settle(Promise.all([venue.market(BTC), venue.market(ETH), venue.market(BTC)]));
      expect(t.arrived.filter((r) => r.includes('/v1/markets/aggregated'))).toHaveLength(1);
    });

    it('refuses an unknown symbol as UNKNOWN_MARKET without sending the submit', async () => {
      const error = await t
        .settle(venue.openPosition(marketBuy('0.01', MarketSymbol('NOPEUSDT'))))
        .catch((e) => e);
      expect(error).toBeInstanceOf(VenueRejectedError);
      expect((error as VenueRejectedError).venueCode).toBe('UNKNOWN_MARKET');
      expect(t.arrived.filter((r) => r.startsWith('POST /v1/trade'))).toHaveLength(0);
    });

    it('returns mark prices as ticks in the order asked', async () => {
      const ticks = await t.settle(venue.markPrices([ETH, BTC]));
      expect(ticks.map((x) => x.symbol)).toEqual([ETH, BTC]);
      expect(ticks.every((x) => x.mark > 0 && Number.isFinite(x.ts))).toBe(true);
    });

    it('reports the faucet collateral as the allocated balance, in Decimal', async () => {
      const b = await t.settle(venue.balance());
      expect(b.allocated.toFixed()).toBe('100000');
      expect(b.subaccount).toBe(account.subaccount);
    });

    it('lists funding per symbol with the epoch in milliseconds', async () => {
      const funding = await t.settle(venue.fundingInfo());
      const btc = funding.find((f) => f.symbol === BTC);
      expect(btc?.epochMs).toBeGreaterThanOrEqual(3_600_000);
    });

    it('shows the key holds ALL on the bootstrapped subaccount', async () => {
      const p = await t.settle(venue.listPermissions());
      expect(p.isValid).toBe(true);
      expect(p.subaccounts).toEqual([
        { subaccount: account.subaccount, chainId: 42161, permissions: ['ALL'] },
      ]);
    });

    it('answers null, not a rejection, for a status poll of an unknown id', async () => {
      await expect(t.settle(venue.requestStatus('open', TempId('does-not-exist')))).resolves.toBeNull();
    });
  });

  describe('trading round trip', () => {
    it('opens, polls to OPENED, lists the position with its quoteId, then closes it', async () => {
      const ack = await t.settle(venue.openPosition(marketBuy('0.0123456')));
      const opened = await untilTerminal('open', ack.tempId);
      expect(opened.status).toBe('OPENED');
      expect(opened.filledQuantity.toFixed()).toBe('0.012');
      const [position] = await t.settle(venue.positions());
      expect(position).toMatchObject({ symbol: BTC, side: 'LONG', quoteId: opened.quoteId });
      expect(position?.quantity.toFixed()).toBe('0.012');

      const close = await t.settle(
        venue.closePosition({
          quoteId: opened.quoteId as QuoteId,
          symbol: BTC,
          quantity: dec('0.012'),
          orderType: 'MARKET',
          slippage: dec('0.01'),
        }),
      );
      expect((await untilTerminal('close', close.tempId)).status).toBe('CLOSED');
    });

    it('cancels a resting LIMIT open far below the market', async () => {
      const [mark] = await t.settle(venue.markPrices([BTC]));
      const ack = await t.settle(
        venue.openPosition({
          symbol: BTC,
          side: 'LONG',
          orderType: 'LIMIT',
          quantity: dec('0.01'),
          leverage: 5,
          limitPrice: dec((mark?.mark ?? 60_000) * 0.5),
        }),
      );
      await t.advance(5_000);
      const cancel = await t.settle(venue.cancelOpen(ack.tempId));
      expect((await untilTerminal('cancelOpen', cancel.tempId)).status).toBe('CANCELED');
      expect((await untilTerminal('open', ack.tempId)).status).toBe('CANCELED');
    });

    it('reports batch items independently: one refused with its code, the others accepted', async () => {
      const ack = await t.settle(
        venue.batchOpen([
          marketBuy('0.01'),
          { ...marketBuy('0.1', ETH), leverage: 1_000 },
          marketBuy('0.02'),
        ]),
      );
      expect(ack.results.map((r) => r.ok)).toEqual([true, false, true]);
      const refused = ack.results[1];
      expect(refused?.ok === false && refused.error).toBeInstanceOf(VenueRejectedError);
    });

    it('sets TP/SL on an open position', async () => {
      const ack = await t.settle(venue.openPosition(marketBuy('0.01')));
      const opened = await untilTerminal('open', ack.tempId);
      const [mark] = await t.settle(venue.markPrices([BTC]));
      const price = mark?.mark ?? 60_000;
      await expect(
        t.settle(
          venue.setTpSl({
            quoteId: opened.quoteId as QuoteId,
            symbol: BTC,
            takeProfit: dec(price * 1.5),
            stopLoss: dec(price * 0.5),
          }),
        ),
      ).resolves.toBeUndefined();
    });

    it('closes everything with close-all', async () => {
      const ack = await t.settle(venue.openPosition(marketBuy('0.01')));
      await untilTerminal('open', ack.tempId);
      const all = await t.settle(venue.closeAll());
      expect(all.results).toHaveLength(1);
      expect(all.results[0]?.ok).toBe(true);
    });
  });

  describe('faults', () => {
    wireOnly('never resends a submit answered 503, and reports its outcome unknown', async () => {
      await t.settle(venue.market(BTC));
      t.setFaults({ errorRate: 1 });
      await expect(t.settle(venue.openPosition(marketBuy('0.01')))).rejects.toBeInstanceOf(
        OutcomeUnknownError,
      );
      await t.advance(60_000);
      expect(t.arrived.filter((r) => r === 'POST /v1/trade/create-position')).toHaveLength(1);
    });

    wireOnly(
      'never resends a submit whose connection was reset after the trade, and reconciliation finds it',
      async () => {
        t.setFaults({ dropResponseRate: 1 });
        await expect(t.settle(venue.openPosition(marketBuy('0.01')))).rejects.toBeInstanceOf(
          OutcomeUnknownError,
        );
        expect(t.arrived.filter((r) => r === 'POST /v1/trade/create-position')).toHaveLength(1);
        t.setFaults({});
        await t.advance(10_000);
        const positions = await t.settle(venue.positions());
        expect(positions).toHaveLength(1);
      },
    );

    it('answers null while a fresh tempId is not indexed yet, then its status', async () => {
      await t.settle(venue.market(BTC));
      t.setFaults({ indexingLagMs: 3_000 });
      const ack = await t.settle(venue.openPosition(marketBuy('0.01')));
      await expect(t.settle(venue.requestStatus('open', ack.tempId))).resolves.toBeNull();
      await t.advance(3_000);
      expect((await t.settle(venue.requestStatus('open', ack.tempId)))?.tempId).toBe(ack.tempId);
    });

    wireOnly('never resends a batch answered 429', async () => {
      t.setFaults({ rateLimit: { burstRate: 1, burstLength: 10, retryAfterSeconds: 1 } });
      await expect(t.settle(venue.batchCancelOpen([TempId('x')]))).rejects.toBeInstanceOf(
        OutcomeUnknownError,
      );
      expect(t.arrived).toEqual(['POST /v1/trade/batch-cancel-quotes']);
    });

    wireOnly(
      'never resends a submit that timed out, and retries a timed-out read within bounds',
      async () => {
        await t.settle(venue.market(BTC));
        t.arrived.length = 0;
        t.setFaults({ latencyMs: { min: 8_000, max: 8_000 } });
        await expect(t.settle(venue.openPosition(marketBuy('0.01')))).rejects.toBeInstanceOf(
          OutcomeUnknownError,
        );
        await expect(t.settle(venue.positions())).rejects.toBeInstanceOf(TransientVenueError);
        expect(t.arrived.filter((r) => r.startsWith('POST'))).toHaveLength(1);
        expect(t.arrived.filter((r) => r.startsWith('GET /v1/positions/all'))).toHaveLength(4);
      },
    );

    wireOnly('retries a rate-limited read after Retry-After and succeeds', async () => {
      t.setFaults({ rateLimit: { burstRate: 1, burstLength: 1, retryAfterSeconds: 2 } });
      const start = t.clock.now();
      const pending = venue.positions();
      // The first attempt meets the 429; the venue recovers while the client waits.
      await t.until(() => t.arrived.length === 1);
      t.setFaults({});
      await expect(t.settle(pending)).resolves.toEqual([]);
      expect(t.arrived).toEqual(['GET /v1/positions/all', 'GET /v1/positions/all']);
      expect(t.clock.now() - start).toBeGreaterThanOrEqual(2_000);
    });

    wireOnly('retries 503 reads at most retries + 1 times', async () => {
      t.setFaults({ errorRate: 1 });
      const error = await t.settle(venue.balance()).catch((e) => e);
      expect(error).toBeInstanceOf(TransientVenueError);
      expect(t.arrived).toHaveLength(4);
    });
  });

  describe('credentials', () => {
    it('answers AuthError on the very next request after the key is revoked', async () => {
      const setup = createAccountClient({
        baseUrl: t.baseUrl,
        jwt: account.jwt,
        clock: t.clock,
        fetch: t.fetch,
      });
      await t.settle(setup.revokeApiKey(account.apiKeyId as never));
      const error = await t.settle(venue.positions()).catch((e) => e);
      expect(error).toBeInstanceOf(AuthError);
      for (const text of [String(error), JSON.stringify(redact(error))]) {
        expect(text).not.toContain(account.apiKey);
        expect(text).not.toContain(account.jwt);
      }
    });

    it('answers PermissionError to a submit the key was not delegated', async () => {
      const setup = createAccountClient({
        baseUrl: t.baseUrl,
        jwt: account.jwt,
        clock: t.clock,
        fetch: t.fetch,
      });
      await t.settle(
        setup.delegateAccess(account.subaccount as never, account.apiKeyId as never, ['VIEW_DETAILS']),
      );
      await expect(t.settle(venue.openPosition(marketBuy('0.01')))).rejects.toBeInstanceOf(PermissionError);
      await expect(t.settle(venue.positions())).resolves.toEqual([]);
    });

    it('manages keys with the session JWT: create, list, rename, revoke', async () => {
      const setup = createAccountClient({
        baseUrl: t.baseUrl,
        jwt: account.jwt,
        clock: t.clock,
        fetch: t.fetch,
      });
      const created = await t.settle(setup.createApiKey('second'));
      expect(created.key).toMatch(/^ix\.[0-9a-f]{64}$/);
      await t.settle(setup.renameApiKey(created.id, 'renamed'));
      await t.settle(setup.revokeApiKey(created.id));
      const list = await t.settle(setup.listApiKeys());
      expect(list.find((k) => k.id === created.id)).toMatchObject({ name: 'renamed', revoked: true });
      expect(JSON.stringify(list)).not.toContain(created.key);
    });
  });
});

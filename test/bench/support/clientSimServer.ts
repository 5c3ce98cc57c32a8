/**
 * The simulator for client.bench.ts, in its own process as a real venue would be: a bootstrapped
 * account holding 5 open positions (a realistic answer to parse, not an empty list), listening
 * on a loopback port. Prints `{url, apiKey, subaccount, chainId, tempId}` as one JSON line on stdout and
 * runs until its stdin closes, so it never outlives the bench that spawned it.
 *
 *   node_modules/.bin/node test/bench/support/clientSimServer.ts
 */
import { SystemClock } from '../../../src/clock/SystemClock.ts';
import { MarketSymbol } from '../../../src/domain/ids.ts';
import { dec } from '../../../src/domain/money.ts';
import { bootstrapAccount, createSimulator } from '../../../src/simulator/index.ts';
import { createVenueClient } from '../../../src/venue/createVenueClient.ts';

export interface ClientSimInfo {
  readonly url: string;
  readonly apiKey: string;
  readonly subaccount: string;
  readonly chainId: number;
  /** The first open's tempId: a filled request to poll the status of. */
  readonly tempId: string;
}

const POSITIONS = 5;

const clock = new SystemClock();
const sim = createSimulator({ clock, seed: 3, fillLatencyMs: { min: 5, max: 10 } });
const server = await sim.listen({ port: 0 });
const account = await bootstrapAccount((r) => fetch(r), { baseUrl: server.url });
const venue = createVenueClient({
  baseUrl: server.url,
  apiKey: account.apiKey,
  subaccount: account.subaccount,
  clock,
});
const tempIds: string[] = [];
for (let i = 0; i < POSITIONS; i++) {
  const ack = await venue.openPosition({
    symbol: MarketSymbol(i % 2 === 0 ? 'BTCUSDT' : 'ETHUSDT'),
    side: i % 2 === 0 ? 'LONG' : 'SHORT',
    orderType: 'MARKET',
    quantity: dec(i % 2 === 0 ? '0.01' : '0.1'),
    leverage: 5,
    slippage: dec('0.02'),
  });
  tempIds.push(ack.tempId);
}
while ((await venue.positions()).some((p) => p.quoteId === null)) await clock.sleep(20);

process.stdout.write(
  `${JSON.stringify({ url: server.url, apiKey: account.apiKey, subaccount: account.subaccount, chainId: account.chainId, tempId: tempIds[0] ?? '' } satisfies ClientSimInfo)}\n`,
);
process.stdin.resume();
process.stdin.on('end', () => {
  sim.stop();
  void server.close().then(() => process.exit(0));
});

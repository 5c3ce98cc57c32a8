import { SystemClock } from '../../src/clock/SystemClock.ts';
import { type Decimal, ZERO } from '../../src/domain/money.ts';
import { openQuantity } from '../../src/domain/position.ts';
import { PositionLedger } from '../../src/execution/PositionLedger.ts';
import { isLive } from '../../src/execution/positionMatch.ts';
import { openJournal } from '../../src/journal/openJournal.ts';
import { bootstrapAccount } from '../../src/simulator/testing/bootstrapAccount.ts';
import { createVenueClient } from '../../src/venue/createVenueClient.ts';

/** The venue's open quantity per SYMBOL:SIDE, read with a key of our own on the same wallet. */
export async function venueExposure(url: string, wallet?: string): Promise<Map<string, Decimal>> {
  const acc = await bootstrapAccount(fetch, {
    baseUrl: url,
    collateral: 0,
    keyName: 'test-reader',
    ...(wallet === undefined ? {} : { wallet }),
  });
  const venue = createVenueClient({
    baseUrl: url,
    apiKey: acc.apiKey,
    subaccount: acc.subaccount,
    clock: new SystemClock(),
  });
  const out = new Map<string, Decimal>();
  for (const p of await venue.positions())
    if (isLive(p))
      out.set(`${p.symbol}:${p.side}`, (out.get(`${p.symbol}:${p.side}`) ?? ZERO).plus(openQuantity(p)));
  return out;
}

export function journalLedger(path: string) {
  const { journal } = openJournal({ path, clock: new SystemClock() });
  const ledger = new PositionLedger();
  for (const f of journal.fills()) ledger.apply(f);
  const result = { ledger, requests: journal.all(), nonTerminal: journal.nonTerminal() };
  journal.close();
  return result;
}

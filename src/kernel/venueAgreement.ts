import { type Decimal, ZERO } from '../domain/money.ts';
import { openQuantity } from '../domain/position.ts';
import type { Executor } from '../execution/Executor.ts';
import { isLive } from '../execution/positionMatch.ts';

export interface Agreement {
  readonly agree: boolean;
  /** Open quantity per `SYMBOL:SIDE`, as the venue lists it and as the ledger books it. */
  readonly venue: ReadonlyMap<string, Decimal>;
  readonly ledger: ReadonlyMap<string, Decimal>;
}

/** Reads the venue's positions and compares their open quantities with the ledger's, market by side. */
export async function venueAgreement(ex: Executor): Promise<Agreement> {
  const venue = new Map<string, Decimal>();
  for (const p of await ex.venue.positions()) {
    if (!isLive(p)) continue;
    const k = `${p.symbol}:${p.side}`;
    venue.set(k, (venue.get(k) ?? ZERO).plus(openQuantity(p)));
  }
  const ledger = ex.ledger.exposure();
  const keys = new Set([...venue.keys(), ...ledger.keys()]);
  const agree = [...keys].every((k) => (venue.get(k) ?? ZERO).equals(ledger.get(k) ?? ZERO));
  return { agree, venue, ledger };
}

export function describeExposure(m: ReadonlyMap<string, Decimal>): string {
  const parts = [...m].filter(([, q]) => !q.isZero()).map(([k, q]) => `${k} ${q.toString()}`);
  return parts.length === 0 ? 'flat' : parts.join(', ');
}

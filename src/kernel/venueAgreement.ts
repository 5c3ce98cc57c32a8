import { type Decimal, ZERO } from '../domain/money.ts';
import { openQuantity, type Position } from '../domain/position.ts';
import type { Executor } from '../execution/Executor.ts';
import { isLive } from '../execution/positionMatch.ts';
import type { Logger } from '../log/Logger.ts';
import { describeError } from '../log/redact.ts';

export interface Agreement {
  readonly agree: boolean;
  /** Open quantity per `SYMBOL:SIDE`, as the venue lists it and as the ledger books it. */
  readonly venue: ReadonlyMap<string, Decimal>;
  readonly ledger: ReadonlyMap<string, Decimal>;
}

/** Compares the open quantities of a positions list with the ledger's, market by side. */
export function venueAgreement(
  positions: readonly Position[],
  ledger: ReadonlyMap<string, Decimal>,
): Agreement {
  const venue = new Map<string, Decimal>();
  for (const p of positions) {
    if (!isLive(p)) continue;
    const k = `${p.symbol}:${p.side}`;
    venue.set(k, (venue.get(k) ?? ZERO).plus(openQuantity(p)));
  }
  const keys = new Set([...venue.keys(), ...ledger.keys()]);
  const agree = [...keys].every((k) => (venue.get(k) ?? ZERO).equals(ledger.get(k) ?? ZERO));
  return { agree, venue, ledger };
}

export function describeExposure(m: ReadonlyMap<string, Decimal>): string {
  const parts = [...m].filter(([, q]) => !q.isZero()).map(([k, q]) => `${k} ${q.toString()}`);
  return parts.length === 0 ? 'flat' : parts.join(', ');
}

/** The last word before exit: does the venue hold what the ledger says? */
export async function finalCheck(ex: Executor, log: Logger): Promise<void> {
  try {
    // A TP/SL the venue fired is learnt by reconciliation: settle first, then compare with the
    // very list that cycle settled against. A second read would race the venue: a take-profit
    // firing between the two reads is a close the ledger cannot know yet (seen in CI).
    const res = await ex.reconcileNow();
    if (!res.ok || res.positions === undefined) {
      log.warn(`could not compare with the venue at stop: ${res.error ?? 'no positions read'}`);
      return;
    }
    const a = venueAgreement(res.positions, ex.ledger.exposure());
    if (a.agree) log.info(`venue = ledger at stop: ${describeExposure(a.ledger)}`);
    else
      log.error(
        `venue ≠ ledger at stop: venue ${describeExposure(a.venue)}, ledger ${describeExposure(a.ledger)}; the next start reconciles`,
      );
  } catch (e) {
    log.warn(`could not compare with the venue at stop: ${describeError(e)}`);
  }
}

import { type Decimal, ZERO } from '../../src/domain/money.ts';
import type { Executor } from '../../src/execution/Executor.ts';
import type { Venue } from '../execution/harness.ts';
import { venueBooks } from '../execution/venueBooks.ts';
import { venueFillOf } from '../execution/venueFills.ts';

/**
 * Issue 48 (j): the ledger is the venue's account, to the unit. Every fill the venue priced for us
 * (an answer to our open or close, the close a fired TP/SL sent) is booked at its quantity, price
 * and fee; and realised − fees − funding paid over our positions is the venue's change in
 * collateral, less what it booked on the positions the ledger could not price (`blind`: adopted,
 * converged at the mark, settled from the positions list without an answer).
 */
export function ledgerTruthViolations(
  v: Venue,
  ex: Executor,
  startCollateral: Decimal,
  blind: ReadonlySet<string>,
): string[] {
  const out: string[] = [];
  for (const f of ex.fills()) {
    const venue = venueFillOf(v.sim.engine, f, (id) => ex.journal.get(id));
    if (venue === undefined) continue;
    for (const k of ['quantity', 'price', 'fee'] as const)
      if (!f[k].equals(venue[k])) out.push(`fill ${f.fillId} ${k}: ledger ${f[k]} != venue ${venue[k]}`);
  }
  const sub = v.sim.accounts.subaccount(v.acc.subaccount, v.acc.chainId);
  let ours = ZERO;
  let theirs = ZERO;
  for (const b of venueBooks(v)) {
    if (blind.has(b.quoteId)) {
      theirs = theirs.plus(b.realisedPnl).minus(b.fees).minus(b.funding);
      continue;
    }
    const lot = ex.ledger.lotOfQuote(b.quoteId);
    if (lot !== undefined) ours = ours.plus(lot.realisedPnl).minus(lot.fees).minus(lot.funding);
  }
  const change = sub.collateral.minus(startCollateral).minus(theirs);
  if (!ours.equals(change))
    out.push(
      `realised − fees − funding ${ours} != the venue's change in collateral ${change} (blind positions left out)`,
    );
  return out;
}

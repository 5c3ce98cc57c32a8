import { type Decimal, dec } from '../../src/domain/money.ts';
import type { Executor } from '../../src/execution/Executor.ts';
import { sameExposure, show, type Venue, venueExposure } from '../execution/harness.ts';
import { booksDiffer, venueBooks } from '../execution/venueBooks.ts';
import { ledgerTruthViolations } from './ledgerTruth.ts';

export interface ChaosContext {
  /** `symbol|quantity` of the sizes only the manual trader uses: those quotes are external. */
  readonly manualSizes: ReadonlySet<string>;
  /** `fillId` of every fill a ledger instance applied more than once (from its own apply calls). */
  readonly appliedTwice: readonly string[];
  /** The subaccount's collateral before the first trade: realised − fees − funding is its change since. */
  readonly startCollateral: Decimal;
}

const fp = (symbol: string, side: string, qty: string): string => `${symbol}|${side}|${qty}`;

/**
 * The chaos invariants: every venue quote explained (ours exactly once, or the manual trader's
 * and adopted as external), no intent with two venue quotes, no false alarm, every request
 * terminal, the ledger equal to the venue in exposure and, per position, in realised PnL, fees
 * and funding, every fill applied once to the ledger, every fill the venue priced booked at its
 * price and fee, and realised − fees − funding equal to the venue's change in collateral.
 */
export async function checkInvariants(v: Venue, ex: Executor, ctx: ChaosContext): Promise<string[]> {
  const out: string[] = [];
  const requests = ex.journal.all();
  const sub = v.sim.accounts.subaccount(v.acc.subaccount, v.acc.chainId);
  const quotes = v.sim.engine.quotesOf(sub);
  const manual = (symbol: string, qty: string): boolean => ctx.manualSizes.has(`${symbol}|${qty}`);
  // I1: every venue quote is explained by exactly one of our open requests (nothing resent).
  const byTemp = new Map<string, number>();
  for (const r of requests)
    if (r.kind === 'open' && r.tempId) byTemp.set(r.tempId, (byTemp.get(r.tempId) ?? 0) + 1);
  // A quote that never carried exposure (the solver refused it) may stay unknown to us when its
  // 201 was lost: it must then pair with one of our opens settled as not executed.
  const blindNotExecuted = new Map<string, number>();
  for (const r of requests)
    if (r.kind === 'open' && !r.tempId && r.status === 'RECONCILED_NOT_EXECUTED') {
      const k = fp(r.symbol, r.side ?? '', r.quantity?.toString() ?? '');
      blindNotExecuted.set(k, (blindNotExecuted.get(k) ?? 0) + 1);
    }
  let manualFilled = 0;
  for (const q of quotes) {
    const n = byTemp.get(q.tempId) ?? 0;
    if (manual(q.market.spec.symbol, q.quantity.toString())) {
      if (n > 0) out.push(`manual quote ${q.tempId} is claimed by ${n} journal requests`);
      if (q.openedPrice !== null && q.status === 'OPENED') manualFilled++;
      continue;
    }
    if (n === 1) continue;
    const k = fp(q.market.spec.symbol, q.side, q.quantity.toString());
    const spare = blindNotExecuted.get(k) ?? 0;
    if (
      n === 0 &&
      (q.status === 'FAILED' || q.status === 'CANCELED' || q.status === 'EXPIRED') &&
      spare > 0
    ) {
      blindNotExecuted.set(k, spare - 1);
      continue;
    }
    out.push(`venue quote ${q.tempId} (${q.status}) is claimed by ${n} journal requests`);
  }
  const perIntent = new Map<string, number>();
  for (const r of requests)
    if (r.kind === 'open' && r.tempId) perIntent.set(r.intentId, (perIntent.get(r.intentId) ?? 0) + 1);
  for (const [intent, n] of perIntent) if (n > 1) out.push(`intent ${intent} opened ${n} venue quotes`);
  // Trades made outside perpflow are adopted as external, each once; nothing of ours is.
  const externals = ex.journal.externals();
  if (externals.length !== manualFilled)
    out.push(`${externals.length} position(s) adopted as external, ${manualFilled} made outside perpflow`);
  // No false alarms: nothing in a chaos run justifies halting trading or a market.
  if (ex.gate.state !== 'active') out.push(`trading ${ex.gate.state}: ${ex.gate.stateReason ?? ''}`);
  for (const m of ['BTCUSDT', 'ETHUSDT', 'SOLUSDT']) {
    const why = ex.gate.marketHalted(m);
    if (why !== undefined) out.push(`market ${m} halted: ${why}`);
  }
  // I2: every request is terminal or reconciled.
  for (const r of ex.journal.nonTerminal())
    out.push(`request ${r.clientRequestId} (${r.kind}) ended ${r.status}`);
  // I3: ledger equals the venue, in exposure and in each position's books.
  const venue = await venueExposure(v);
  if (!sameExposure(ex.exposure(), venue))
    out.push(`ledger ${JSON.stringify(show(ex.exposure()))} != venue ${JSON.stringify(show(venue))}`);
  const blind = blindQuotes(v, ex, manual);
  out.push(
    ...booksDiffer(
      venueBooks(v).filter((b) => !blind.has(b.quoteId)),
      (k) => ex.ledger.lotOfQuote(k),
    ),
  );
  // I5: the ledger is the venue's account: its fills, and realised − fees − funding = Δcollateral.
  out.push(...ledgerTruthViolations(v, ex, ctx.startCollateral, blind));
  // I4: every fill reached the ledger once: per open, one open fill; per ledger instance, one
  // apply per fill id; and the ledger's fee history sums the journal's fills once each.
  const fills = ex.fills();
  const openFills = new Map<string, number>();
  for (const f of fills)
    if (f.effect === 'open' && f.clientRequestId)
      openFills.set(f.clientRequestId, (openFills.get(f.clientRequestId) ?? 0) + 1);
  for (const r of requests) {
    const executed = r.kind === 'open' && (r.status === 'FILLED' || r.status === 'RECONCILED_EXECUTED');
    const n = openFills.get(r.clientRequestId) ?? 0;
    if (executed && n !== 1) out.push(`open ${r.clientRequestId} is ${r.status} with ${n} fills`);
    if (!executed && r.kind === 'open' && n !== 0)
      out.push(`open ${r.clientRequestId} is ${r.status} but has ${n} fills`);
  }
  for (const id of ctx.appliedTwice) out.push(`fill ${id} applied to the ledger more than once`);
  const journalFees = fills.reduce((a, f) => a.plus(f.fee), dec(0));
  if (!ex.ledger.feesSince(0).equals(journalFees))
    out.push(`ledger fee history ${ex.ledger.feesSince(0)} != journal fills' fees ${journalFees}`);
  return out;
}

/**
 * The positions whose every fill price the ledger could not know: external ones (adopted without
 * fees, the manual trader's), those with a close settled from the positions list (booked at the
 * mark: the venue does not say the close price) or converged by reconciliation.
 */
function blindQuotes(v: Venue, ex: Executor, manual: (symbol: string, qty: string) => boolean): Set<string> {
  const blind = new Set<string>();
  const sub = v.sim.accounts.subaccount(v.acc.subaccount, v.acc.chainId);
  for (const q of v.sim.engine.quotesOf(sub))
    if (q.quoteId !== null && manual(q.market.spec.symbol, q.quantity.toString())) blind.add(q.quoteId);
  for (const r of ex.journal.all())
    if (r.kind === 'close' && r.status === 'RECONCILED_EXECUTED' && r.quoteId) blind.add(r.quoteId);
  for (const f of ex.fills()) if (f.fillId.startsWith('recon:') && f.quoteId) blind.add(f.quoteId);
  for (const e of ex.journal.externals()) blind.add(e.positionKey);
  return blind;
}

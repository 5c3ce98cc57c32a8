import { MarketSymbol } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import type { Position } from '../domain/position.ts';
import { JournalError } from '../errors/JournalError.ts';
import { AuthError, PermissionError } from '../errors/venueErrors.ts';
import { describeError } from '../log/redact.ts';
import { adoptExternals } from './adoptExternals.ts';
import { authReadDecision } from './authHold.ts';
import { convergeLots } from './convergeLots.ts';
import type { ReconcileHost } from './reconcileHost.ts';
import { settleContradicted } from './settleContradicted.ts';
import { settleTpSl } from './settleTpSl.ts';
import { settleUnknowns } from './settleUnknowns.ts';

export interface ReconcileResult {
  readonly ok: boolean;
  readonly error?: string;
  readonly resolved: number;
  readonly adopted: number;
  readonly converged: number;
  /** The positions list this cycle settled against (a cycle that read none: absent). */
  readonly positions?: readonly Position[];
}

const HOLD = 'the API key was rejected (401): no venue reads until the operator acts';
const CONFIRM = 'confirmatory read after a 401';
const WAIT =
  'trading stays halted and nothing more is read until the operator rotates the key, restarts and resumes';

/**
 * Settles the journal against GET /v1/positions/all, the authority on exposure
 * (reliability.md A7, scenarios 1-3, 6-9). A failed or malformed read voids the cycle: nothing
 * changes, and nothing is inferred from absence.
 */
export async function reconcile(ex: ReconcileHost): Promise<ReconcileResult> {
  try {
    return await reconcileOnce(ex);
  } catch (e) {
    // A journal that refuses writes has failed closed already (halt, alert): the cycle is void.
    // Rethrown, it would reject the convergence reconcile nobody awaits and end the process.
    if (!(e instanceof JournalError)) throw e;
    return { ok: false, error: describeError(e), resolved: 0, adopted: 0, converged: 0 };
  }
}

async function reconcileOnce(ex: ReconcileHost): Promise<ReconcileResult> {
  const none = { resolved: 0, adopted: 0, converged: 0 };
  if (!ex.alive()) return { ok: false, error: 'executor stopped', ...none };
  // Fills booked from positions need the market's fee rates: nothing is settled before the catalog.
  if (ex.marketSymbols().length === 0)
    return { ok: false, error: 'the market catalog is not read yet', ...none };
  const auth = authReadDecision(ex.gate);
  if (auth === 'hold') return { ok: false, error: HOLD, ...none };
  let positions: readonly Position[];
  const readAt = ex.clock.now();
  try {
    positions = await ex.venue.positions();
    if (auth === 'confirm') {
      ex.alert('critical', 'AUTH_HALTED', `${CONFIRM}: the positions read now succeeds; ${WAIT}`);
      return { ok: false, error: HOLD, ...none };
    }
  } catch (e) {
    if (auth === 'confirm') {
      if (ex.alive()) ex.alert('critical', 'AUTH_HALTED', `${CONFIRM}: ${describeError(e)}; ${WAIT}`);
      return { ok: false, error: HOLD, ...none };
    }
    if (!ex.alive()) return { ok: false, error: 'executor stopped', ...none };
    if (e instanceof AuthError) ex.gate.authFailure(describeError(e));
    else if (e instanceof PermissionError) ex.haltFor('read', describeError(e));
    else ex.alert('warning', 'RECONCILE_FAILED', `positions read failed, cycle void: ${describeError(e)}`);
    return { ok: false, error: describeError(e), ...none };
  }
  if (!ex.alive()) return { ok: false, error: 'executor stopped', ...none };
  await refreshMarks(ex, positions);
  if (!ex.alive()) return { ok: false, error: 'executor stopped', ...none };
  const resolved =
    (await settleUnknowns(ex, positions, readAt)) +
    settleContradicted(ex, positions) +
    (await settleTpSl(ex, positions));
  if (!ex.alive()) return { ok: false, error: 'executor stopped', resolved, adopted: 0, converged: 0 };
  const converged = convergeLots(ex, positions);
  const adopted = adoptExternals(ex, positions);
  ex.gate.checkExposureCap(ex.ledger.summary().notional);
  if (ex.gate.hasLossLimits) {
    try {
      ex.checkLosses((await ex.venue.balance()).equity);
    } catch {
      ex.checkLosses();
    }
  }
  return { ok: true, resolved, adopted, converged, positions };
}

async function refreshMarks(ex: ReconcileHost, positions: readonly Position[]): Promise<void> {
  // Every tradable market, not only those with positions: notional limits need a price first.
  const symbols = new Set<string>([
    ...ex.marketSymbols(),
    ...positions.map((p) => p.symbol as string),
    ...ex.ledger.openLots().map((l) => l.symbol),
  ]);
  if (symbols.size === 0) return;
  try {
    for (const t of await ex.venue.markPrices([...symbols].map(MarketSymbol)))
      ex.ledger.mark(t.symbol, dec(t.mark));
  } catch {
    // Marks are for PnL and limits only; the reconciliation itself does not need them.
  }
}

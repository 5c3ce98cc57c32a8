import type { Clock } from '../clock/Clock.ts';
import type { Fill } from '../domain/fill.ts';
import type { MarketSpec } from '../domain/market.ts';
import type { Decimal } from '../domain/money.ts';
import type { RequestRecord } from '../domain/request.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { RiskGate } from '../risk/RiskGate.ts';
import type { Capability } from '../risk/tradingState.ts';
import type { RequestStatusReport, VenuePort } from '../venue/VenuePort.ts';
import type { AlertSeverity, ExecutionEvent } from './events.ts';
import type { ExecutionOptions } from './options.ts';
import type { PositionLedger } from './PositionLedger.ts';
import type { RequestChange } from './requestChange.ts';
import type { TpSlBook } from './TpSlBook.ts';

/**
 * What reconciliation (reconcile, settleUnknowns, convergeLots, adoptExternals) may use of the
 * executor: reads, and the executor's own write paths — never its fields.
 */
export interface ReconcileHost {
  readonly venue: VenuePort;
  readonly journal: JournalPort;
  readonly clock: Clock;
  readonly options: ExecutionOptions['reconcile'];
  readonly gate: Pick<
    RiskGate,
    'authFailure' | 'authBroken' | 'haltCapability' | 'haltMarket' | 'checkExposureCap' | 'hasLossLimits'
  >;
  readonly ledger: PositionLedger;
  readonly markets: ReadonlyMap<string, MarketSpec>;
  /** TP/SL legs our applied requests set, per quote: how a venue-fired close is recognised. */
  readonly tpsl: TpSlBook;
  /** First sighting of a lot that disagrees with the venue, per lot key (scenario 6's window). */
  readonly mismatchSince: Map<string, number>;
  alive(): boolean;
  emit(e: ExecutionEvent): void;
  alert(severity: AlertSeverity, code: string, message: string): void;
  haltFor(capability: Capability, why: string): void;
  move(changes: readonly RequestChange[]): RequestRecord[];
  applyFill(fill: Fill): boolean;
  applyReport(r: RequestRecord, rep: RequestStatusReport, terminal: boolean, immediate?: boolean): void;
  /** Poll an accepted request's status again. */
  track(r: RequestRecord): void;
  /** Books the fill a reconciled request implies (positions list). */
  fillFromPosition(r: RequestRecord, quoteId: string | null, quantity: Decimal, price: Decimal): void;
  checkLosses(equity?: Decimal): void;
  marketSymbols(): string[];
}

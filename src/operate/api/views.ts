import type { Fill } from '../../domain/fill.ts';
import { ClientRequestId } from '../../domain/ids.ts';
import { isRecord } from '../../domain/isRecord.ts';
import type { RequestRecord } from '../../domain/request.ts';
import { Journal } from '../../journal/Journal.ts';
import type { Kernel } from '../../kernel/Kernel.ts';
import { shownMode } from '../../kernel/shownMode.ts';
import { redact } from '../../log/redact.ts';
import type {
  AccountView,
  BotView,
  FillView,
  PositionView,
  RequestChange,
  RequestView,
  StrategyView,
} from './contract.ts';

/** What the views need beside the kernel: who this bot is, told once at start. */
export interface BotIdentity {
  readonly name: string;
  readonly pid: number;
  readonly version: string;
  /** The venue as the start line names it (a host, never a URL with credentials). */
  readonly venue: string;
}

const TRADING = { active: 'ACTIVE', reducing: 'REDUCING', halted: 'HALTED' } as const;

export function botView(k: Kernel, id: BotIdentity): BotView {
  const gate = k.executor.gate;
  const reason = gate.stateReason;
  return {
    ...id,
    mode: shownMode(k.config.mode),
    startedAt: k.startedAt,
    tradingState: TRADING[gate.state],
    ...(reason === undefined || gate.state === 'active' ? {} : { stateReason: reason }),
  };
}

export function accountView(k: Kernel): AccountView {
  const s = k.executor.ledger.summary();
  const realised = s.realised.minus(s.fees).plus(s.funding);
  return {
    realised: s.realised.toString(),
    unrealised: s.unrealised.toString(),
    fees: s.fees.toString(),
    funding: s.funding.toString(),
    // What the bot itself made since its journal began: realised after fees and funding, plus open.
    equity: realised.plus(s.unrealised).toString(),
  };
}

export function positionViews(k: Kernel): PositionView[] {
  const ex = k.executor;
  const bare = new Set(
    k.reporter.ends
      .unprotectedPositions()
      .map((u) => ex.journal.get(ClientRequestId(u.position))?.quoteId ?? u.position),
  );
  return ex.ledger.openLots().map((l) => {
    const mark = ex.ledger.markPrice(l.symbol);
    // The executor's own book, kept live: rebuilding it from the journal cost O(all requests) a fill.
    const armed = l.quoteId === null ? undefined : ex.armedTpSlOn(l.quoteId);
    return {
      market: l.symbol,
      strategy: l.strategyId ?? 'external',
      side: l.side,
      quantity: l.openQuantity.toString(),
      entryPrice: l.avgOpenPrice.toString(),
      mark: mark?.toString() ?? null,
      unrealised: mark === undefined ? null : ex.ledger.unrealised(l).toString(),
      takeProfit: armed?.takeProfit?.toString() ?? null,
      stopLoss: armed?.stopLoss?.toString() ?? null,
      unprotected: l.quoteId !== null && bare.has(l.quoteId),
    };
  });
}

export function requestView(k: Kernel, r: RequestRecord): RequestView {
  const j = k.executor.journal;
  const history =
    j instanceof Journal
      ? j.transitionsOf(r.clientRequestId).map((t) => ({ status: t.to, at: t.at }))
      : [{ status: r.status, at: r.updatedAt }];
  return {
    id: r.clientRequestId,
    strategy: r.strategyId,
    kind: r.kind,
    market: r.symbol,
    status: r.status,
    createdAt: r.createdAt,
    history,
  };
}

/** A request the journal knows, with its whole history; undefined for an unknown id. */
export function requestViewOf(k: Kernel, id: string): RequestView | undefined {
  const r = k.executor.journal.get(ClientRequestId(id));
  return r === undefined ? undefined : requestView(k, r);
}

/** One transition as pushed: from the event alone, no journal read (see RequestChange). */
export function requestChange(r: RequestRecord, from: string): RequestChange {
  return {
    id: r.clientRequestId,
    strategy: r.strategyId,
    kind: r.kind,
    market: r.symbol,
    from,
    status: r.status,
    createdAt: r.createdAt,
    at: r.updatedAt,
  };
}

/** Open requests (not yet terminal), oldest first. */
export function openRequestViews(k: Kernel): RequestView[] {
  return k.executor.journal.nonTerminal().map((r) => requestView(k, r));
}

export function fillView(f: Fill): FillView {
  return {
    id: f.fillId,
    requestId: f.clientRequestId ?? '',
    strategy: f.strategyId ?? 'external',
    market: f.symbol,
    side: f.side,
    action: f.effect,
    quantity: f.quantity.toString(),
    price: f.price.toString(),
    fee: f.fee.toString(),
    at: f.ts,
  };
}

/** The latest `limit` fills, newest first. */
export function fillViews(k: Kernel, limit: number): FillView[] {
  return k.executor.journal.fills().slice(-limit).reverse().map(fillView);
}

/** Denials and decisions the API has heard this run, per strategy (newest last). */
export interface StrategyNotes {
  denials(id: string): StrategyView['latestDenials'];
  decisions(id: string): StrategyView['latestDecisions'];
}

function paramsOf(params: unknown): Readonly<Record<string, unknown>> {
  const masked = redact(params);
  return isRecord(masked) ? masked : {};
}

export function strategyViews(k: Kernel, notes: StrategyNotes): StrategyView[] {
  return k.config.strategies
    .filter((e) => e.enabled)
    .map((e) => {
      const r = k.stage.runners.get(e.id);
      const failed = r === undefined || r.paused;
      return {
        id: e.id,
        state: k.operator.pauses.isPaused(e.id)
          ? 'paused'
          : failed
            ? 'failed'
            : r.warming
              ? 'warming'
              : 'running',
        markets: e.markets,
        // A parameter named like a secret (a token, a key) came from the environment: masked here.
        params: paramsOf(e.params),
        intents: k.acceptedOf(e.id),
        droppedWhilePaused: k.operator.pauses.droppedOf(e.id),
        failures: r?.failureCount ?? 0,
        latestDecisions: notes.decisions(e.id),
        latestDenials: notes.denials(e.id),
      };
    });
}

import { ClientRequestId, IntentId, MarketSymbol, type QuoteId, StrategyId } from '../../domain/ids.ts';
import type { Intent } from '../../domain/intent.ts';
import { dec } from '../../domain/money.ts';
import { isTerminal } from '../../domain/requestStatus.ts';
import type { Executor } from '../../execution/Executor.ts';
import type { Lot } from '../../execution/lot.ts';
import type { ActionOutcome, Actor, OperatorAction } from '../../operate/api/contract.ts';
import type { StrategyPauses } from './strategyPauses.ts';

/** The strategy id an operator intent carries when the position is no strategy's (an external one). */
export const OPERATOR = StrategyId('operator');

export interface ActionHost {
  readonly executor: Executor;
  readonly pauses: StrategyPauses;
  readonly strategyIds: ReadonlySet<string>;
}

const refused = (actionId: string, reason: string): ActionOutcome => ({
  status: 'refused',
  actionId,
  reason,
});
const accepted = (actionId: string, requests: readonly string[], detail?: string): ActionOutcome =>
  detail === undefined
    ? { status: 'accepted', actionId, requests }
    : { status: 'accepted', actionId, requests, detail };

/** `op_<actionId>` and, for one intent among several, `_<n>`: the executor's duplicate check keys on it. */
const intentIdOf = (actionId: string, n?: number): IntentId =>
  IntentId(`op_${actionId}${n === undefined ? '' : `_${n}`}`);

const closeAllIntent = (h: ActionHost, actionId: string, why: string): Intent => ({
  kind: 'closeAll',
  intentId: intentIdOf(actionId),
  strategyId: OPERATOR,
  createdAt: h.executor.clock.now(),
  reason: why,
});

/**
 * The intents of one action through the executor (gate, journal, batcher) like any strategy's;
 * the outcome lists the requests journaled for them. One denial refuses the action when nothing
 * was accepted; otherwise the denials are the outcome's detail.
 */
async function submitAll(
  h: ActionHost,
  actionId: string,
  intents: readonly Intent[],
): Promise<ActionOutcome> {
  const requests: string[] = [];
  const denials: string[] = [];
  for (const intent of intents) {
    const r = await h.executor.submit(intent);
    if (r.status === 'denied') denials.push(`${r.reason}: ${r.message}`);
    else requests.push(...r.clientRequestIds);
  }
  for (const intent of intents)
    for (const r of h.executor.journal.byIntent(intent.intentId))
      if (!requests.includes(r.clientRequestId)) requests.push(r.clientRequestId);
  if (requests.length === 0 && denials.length > 0) return refused(actionId, denials.join('; '));
  return accepted(actionId, requests, denials.length === 0 ? undefined : denials.join('; '));
}

/** A lot the venue has given its id: what a close or a TP/SL names. */
type VenueLot = Lot & { readonly quoteId: QuoteId };
const hasQuote = (l: Lot): l is VenueLot => l.quoteId !== null;

function lotsOn(h: ActionHost, market: string): VenueLot[] {
  return h.executor.ledger.openLots().filter((l): l is VenueLot => l.symbol === market && hasQuote(l));
}

function closeIntents(h: ActionHost, actionId: string, lots: readonly VenueLot[], why: string): Intent[] {
  return lots.map((l, i) => ({
    kind: 'close',
    intentId: intentIdOf(actionId, lots.length === 1 ? undefined : i),
    strategyId: l.strategyId ?? OPERATOR,
    createdAt: h.executor.clock.now(),
    reason: why,
    symbol: MarketSymbol(l.symbol),
    position: { by: 'quote', quoteId: l.quoteId },
    quantity: 'all',
    orderType: 'MARKET',
  }));
}

function tpSlIntents(
  h: ActionHost,
  a: Extract<OperatorAction, { kind: 'setTpSl' }>,
  why: string,
): Intent[] | string {
  const lots = lotsOn(h, a.market);
  if (lots.length === 0) return `no open position on ${a.market}`;
  if (a.takeProfit === undefined && a.stopLoss === undefined) return 'give a takeProfit, a stopLoss or both';
  let tp: ReturnType<typeof dec> | undefined;
  let sl: ReturnType<typeof dec> | undefined;
  try {
    tp = a.takeProfit === undefined ? undefined : dec(a.takeProfit);
    sl = a.stopLoss === undefined ? undefined : dec(a.stopLoss);
  } catch {
    return 'takeProfit and stopLoss must be decimal prices';
  }
  if (tp?.lte(0) === true || sl?.lte(0) === true) return 'prices must be above 0';
  return lots.map((l, i) => ({
    kind: 'setTpSl',
    intentId: intentIdOf(a.actionId, lots.length === 1 ? undefined : i),
    strategyId: l.strategyId ?? OPERATOR,
    createdAt: h.executor.clock.now(),
    reason: why,
    symbol: MarketSymbol(l.symbol),
    position: { by: 'quote', quoteId: l.quoteId },
    ...(tp === undefined ? {} : { takeProfit: tp }),
    ...(sl === undefined ? {} : { stopLoss: sl }),
  }));
}

/** What one action does; the caller has checked the action id and audits the outcome. */
export async function applyAction(h: ActionHost, a: OperatorAction, actor: Actor): Promise<ActionOutcome> {
  const id = a.actionId;
  const why = `operator ${a.kind} by ${actor.name} (${actor.via})`;
  const ex = h.executor;
  switch (a.kind) {
    case 'close': {
      const lots = lotsOn(h, a.market);
      if (lots.length === 0) return refused(id, `no open position on ${a.market}`);
      return submitAll(h, id, closeIntents(h, id, lots, why));
    }
    case 'closeAll': {
      if (ex.ledger.openLots().length === 0) return refused(id, 'no open position to close');
      return submitAll(h, id, [closeAllIntent(h, id, why)]);
    }
    case 'cancel': {
      const target = ex.journal.get(ClientRequestId(a.requestId));
      if (target === undefined) return refused(id, `no request ${a.requestId}`);
      if (isTerminal(target.status))
        return refused(id, `request ${a.requestId} has ended (${target.status})`);
      if (target.kind !== 'open' && target.kind !== 'close')
        return refused(id, `a ${target.kind} request cannot be cancelled at the venue`);
      return submitAll(h, id, [
        {
          kind: 'cancel',
          intentId: intentIdOf(id),
          strategyId: target.strategyId,
          createdAt: h.executor.clock.now(),
          reason: why,
          symbol: target.symbol,
          target: target.clientRequestId,
        },
      ]);
    }
    case 'pause':
    case 'unpause': {
      if (!h.strategyIds.has(a.strategy)) return refused(id, `no strategy ${a.strategy} runs in this bot`);
      const was = h.pauses.isPaused(a.strategy);
      if (a.kind === 'pause') h.pauses.pause(a.strategy, why);
      else h.pauses.unpause(a.strategy);
      const now = a.kind === 'pause' ? 'paused' : 'running';
      return accepted(
        id,
        [],
        was === (a.kind === 'pause') ? `${a.strategy} was ${now} already` : `${a.strategy} ${now}`,
      );
    }
    case 'setTpSl': {
      const intents = tpSlIntents(h, a, why);
      return typeof intents === 'string' ? refused(id, intents) : submitAll(h, id, intents);
    }
    case 'halt': {
      await ex.halt({ reason: `${why}${a.reason === undefined ? '' : `: ${a.reason}`}`, closeAll: false });
      const detail = `trading ${ex.gate.state}`;
      if (!(a.closeAll === true || ex.gate.closeAllOnHalt) || ex.ledger.openLots().length === 0)
        return accepted(id, [], detail);
      const closed = await submitAll(h, id, [closeAllIntent(h, id, why)]);
      return closed.status === 'accepted' ? { ...closed, detail } : closed;
    }
    case 'resume': {
      ex.gate.resume(why);
      return accepted(id, [], `trading ${ex.gate.state}`);
    }
  }
}

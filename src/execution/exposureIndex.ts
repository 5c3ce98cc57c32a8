import { FewMap } from '../domain/FewMap.ts';
import type { ClientRequestId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import { isTerminal } from '../domain/requestStatus.ts';

/** A slot's requests: a few at a time, each added and removed once (a Set would reallocate its table). */
type Ids = FewMap<ClientRequestId, true>;

function child<V>(m: Map<string, V>, k: string, make: () => V): V {
  let v = m.get(k);
  if (v === undefined) {
    v = make();
    m.set(k, v);
  }
  return v;
}

const newIds = (): Ids => new FewMap();
const newBySide = (): Map<string, Ids> => new Map();
const newBySymbol = (): Map<string, Map<string, Ids>> => new Map();

/**
 * In-memory indexes over non-terminal requests, so the gate's questions ("anything unknown on
 * this market?", "is this open slot taken?") cost O(1) even with thousands of requests. Slots are
 * nested by strategy, market and side: each key is a string that exists already, whose hash V8
 * keeps, where one joined key per update was a new string to hash on every status change.
 */
export class ExposureIndex {
  private readonly unknownByMarket = new Map<string, Ids>();
  private readonly openSlots = new Map<string, Map<string, Map<string, Ids>>>();
  private readonly pendingOpens = new FewMap<ClientRequestId, RequestRecord>();

  update(r: RequestRecord): void {
    const id = r.clientRequestId;
    if (r.status === 'UNKNOWN' && (r.kind === 'open' || r.kind === 'cancelOpen'))
      child(this.unknownByMarket, r.symbol, newIds).set(id, true);
    else this.unknownByMarket.get(r.symbol)?.delete(id);
    if (r.kind !== 'open') return;
    if (isTerminal(r.status)) {
      this.slot(r.strategyId, r.symbol, r.side ?? '')?.delete(id);
      this.pendingOpens.delete(id);
    } else if (this.pendingOpens.has(id)) {
      // Pending already, so already in its slot (an open keeps its strategy, market and side):
      // a move between pending statuses only refreshes the record.
      this.pendingOpens.set(id, r);
    } else {
      const bySymbol = child(this.openSlots, r.strategyId, newBySymbol);
      child(child(bySymbol, r.symbol, newBySide), r.side ?? '', newIds).set(id, true);
      this.pendingOpens.set(id, r);
    }
  }

  private slot(strategyId: string, symbol: string, side: string): Ids | undefined {
    return this.openSlots.get(strategyId)?.get(symbol)?.get(side);
  }

  isMarketUnresolved(symbol: string): boolean {
    return (this.unknownByMarket.get(symbol)?.size ?? 0) > 0;
  }

  unresolvedMarkets(): string[] {
    return [...this.unknownByMarket].filter(([, s]) => s.size > 0).map(([k]) => k);
  }

  slotTaken(strategyId: string, symbol: string, side: string): boolean {
    return (this.slot(strategyId, symbol, side)?.size ?? 0) > 0;
  }

  /** Opens not yet terminal: counted at full size by the gate (worst case). */
  pending(): Iterable<RequestRecord> {
    return this.pendingOpens.values();
  }
}

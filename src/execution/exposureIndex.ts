import type { ClientRequestId } from '../domain/ids.ts';
import type { RequestRecord } from '../domain/request.ts';
import { isTerminal } from '../domain/requestStatus.ts';

function bucket(m: Map<string, Set<ClientRequestId>>, k: string): Set<ClientRequestId> {
  let s = m.get(k);
  if (s === undefined) {
    s = new Set();
    m.set(k, s);
  }
  return s;
}

/**
 * In-memory indexes over non-terminal requests, so the gate's questions ("anything unknown on
 * this market?", "is this open slot taken?") cost O(1) even with thousands of requests.
 */
export class ExposureIndex {
  private readonly unknownByMarket = new Map<string, Set<ClientRequestId>>();
  private readonly openSlots = new Map<string, Set<ClientRequestId>>();
  private readonly pendingOpens = new Map<ClientRequestId, RequestRecord>();

  static slotKey(strategyId: string, symbol: string, side: string): string {
    return `${strategyId}\u0000${symbol}\u0000${side}`;
  }

  update(r: RequestRecord): void {
    const id = r.clientRequestId;
    if (r.status === 'UNKNOWN' && (r.kind === 'open' || r.kind === 'cancelOpen'))
      bucket(this.unknownByMarket, r.symbol).add(id);
    else this.unknownByMarket.get(r.symbol)?.delete(id);
    if (r.kind !== 'open') return;
    const slot = ExposureIndex.slotKey(r.strategyId, r.symbol, r.side ?? '');
    if (isTerminal(r.status)) {
      this.openSlots.get(slot)?.delete(id);
      this.pendingOpens.delete(id);
    } else {
      bucket(this.openSlots, slot).add(id);
      this.pendingOpens.set(id, r);
    }
  }

  isMarketUnresolved(symbol: string): boolean {
    return (this.unknownByMarket.get(symbol)?.size ?? 0) > 0;
  }

  unresolvedMarkets(): string[] {
    return [...this.unknownByMarket].filter(([, s]) => s.size > 0).map(([k]) => k);
  }

  slotTaken(strategyId: string, symbol: string, side: string): boolean {
    return (this.openSlots.get(ExposureIndex.slotKey(strategyId, symbol, side))?.size ?? 0) > 0;
  }

  /** Opens not yet terminal: counted at full size by the gate (worst case). */
  pending(): Iterable<RequestRecord> {
    return this.pendingOpens.values();
  }
}

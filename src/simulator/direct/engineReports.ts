import { FewMap } from '../../domain/FewMap.ts';
import type { ClientRequestId } from '../../domain/ids.ts';
import type { RequestRecord } from '../../domain/request.ts';
import { isTerminalVenueStatus } from '../../domain/venueStatus.ts';
import type { RequestWatch, WatchHost, WatchRequests } from '../../venue/VenueReport.ts';
import type { SimEngine } from '../engine/SimEngine.ts';
import type { Request } from '../engine/state.ts';
import { polledStatus } from './polledStatus.ts';

/**
 * The in-process adapter's way of learning outcomes: the engine says when it ends a request and
 * the report reaches the core at that moment — no timer, no poll, no status route. The report is
 * what a poll of the status route would read (polledStatus), without the text in between.
 */
export function engineReports(
  engine: SimEngine,
  o: {
    /** Runs before each report reaches the core (a dry run saves its paper account there). */
    readonly beforeReport?: () => void;
  } = {},
): WatchRequests {
  return (host) => new EngineWatch(engine, host, o.beforeReport);
}

class EngineWatch implements RequestWatch {
  readonly polls = 0;
  private readonly engine: SimEngine;
  private readonly host: WatchHost;
  /** The requests in flight, a few at a time: each watched and unwatched once (no Map churn). */
  private readonly byTempId = new FewMap<string, ClientRequestId>();
  private readonly tempIdOf = new FewMap<ClientRequestId, string>();
  private readonly beforeReport: (() => void) | undefined;

  constructor(engine: SimEngine, host: WatchHost, beforeReport: (() => void) | undefined) {
    this.engine = engine;
    this.host = host;
    this.beforeReport = beforeReport;
    engine.onRequestEnded((r) => this.ended(r));
  }

  get size(): number {
    return this.byTempId.size;
  }

  watch(r: RequestRecord): void {
    // A TP/SL set has no status: its answer was its effect.
    if (r.tempId === undefined || r.kind === 'setTpSl' || this.tempIdOf.has(r.clientRequestId)) return;
    this.byTempId.set(r.tempId, r.clientRequestId);
    this.tempIdOf.set(r.clientRequestId, r.tempId);
    // Ended before it was watched (a restart over a persisted engine): told on the next microtask,
    // never from inside the core's own transition.
    const req = this.engine.request(r.tempId);
    if (req !== undefined && isTerminalVenueStatus(req.kind, req.status))
      queueMicrotask(() => this.ended(req));
  }

  unwatch(id: ClientRequestId): void {
    const tempId = this.tempIdOf.get(id);
    if (tempId === undefined) return;
    this.tempIdOf.delete(id);
    this.byTempId.delete(tempId);
  }

  stopAll(): void {
    this.byTempId.clear();
    this.tempIdOf.clear();
  }

  private ended(req: Request): void {
    const id = this.byTempId.get(req.tempId);
    if (id === undefined || !this.host.alive()) return;
    const request = this.host.current(id);
    this.unwatch(id);
    if (request === undefined) return; // settled already (by reconciliation)
    this.beforeReport?.();
    this.host.report({ type: 'status', request, status: polledStatus(req), terminal: true });
  }
}

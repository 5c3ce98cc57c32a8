import { isTerminalVenueStatus } from '../../domain/venueStatus.ts';
import { EndedLog } from './EndedLog.ts';
import type { SeqTable } from './SeqTable.ts';
import type { Request } from './state.ts';

/**
 * The requests a snapshot may keep, found without a walk of every request the engine ever held
 * (a dry run saves its paper account after every answer: a walk made each save grow with the
 * session). Those not yet seen ended are in `live`; an ended one moves to `ended`, ordered by the
 * time it ended, when a snapshot next looks — so a request's move costs nothing here, and a
 * request's track one Set add, paid only once a snapshot was taken (EngineCore.requestIndex).
 * Between two snapshots `live` holds every request tracked since the first: an engine that took
 * one snapshot and then ran long without another would keep them referenced (none does: a dry
 * run saves after every answer, a backtest never saves, a replay saves at its end).
 */
export class RequestIndex {
  private readonly table: SeqTable<Request>;
  /** Tracked, not yet seen ended; insertion order. */
  private readonly live = new Set<Request>();
  private readonly ended = new EndedLog();

  /** The index of every request `table` holds now: one walk, the first snapshot's. */
  constructor(table: SeqTable<Request>) {
    this.table = table;
    for (const r of table.values()) this.live.add(r);
  }

  /** `r` was just stored in the table. */
  tracked(r: Request): void {
    this.live.add(r);
  }

  /**
   * Each request the table holds that is pending, or ended at or after `since`, or named in
   * `asked` — once each, in the table's order (by sequence number), as a walk of it would list them.
   */
  kept(since: number, asked: Iterable<string>): Request[] {
    const kept = new Set<Request>();
    const justEnded: Request[] = [];
    for (const r of this.live) {
      if (!isTerminalVenueStatus(r.kind, r.status)) {
        if (this.holds(r)) kept.add(r);
        continue;
      }
      this.live.delete(r);
      justEnded.push(r);
    }
    this.ended.add(justEnded);
    this.ended.dropWhile((r) => !this.holds(r));
    for (const r of this.ended.since(since)) if (this.holds(r)) kept.add(r);
    for (const id of asked) {
      const r = this.table.get(id);
      if (r !== undefined) kept.add(r);
    }
    return [...kept]
      .map((r) => ({ r, n: this.table.numberOf(r.tempId) ?? 0 }))
      .sort((a, b) => a.n - b.n)
      .map(({ r }) => r);
  }

  /** Still in the table: a bounded history forgets ended records (BoundedHistory). */
  private holds(r: Request): boolean {
    return this.table.get(r.tempId) === r;
  }
}

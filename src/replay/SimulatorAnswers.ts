import type { QuoteId, TempId } from '../domain/ids.ts';
import type { Position } from '../domain/position.ts';
import type { PriceTick } from '../domain/tick.ts';
import { isTerminalVenueStatus, type RequestKind } from '../domain/venueStatus.ts';
import type { EngineSnapshot, SimEngine } from '../simulator/engine/SimEngine.ts';
import type {
  BatchAck,
  RequestStatusReport,
  SubmitAck,
  SubmitGroup,
  TpSlOrder,
  TpSlState,
  VenuePort,
} from '../venue/VenuePort.ts';
import type { ReplayNote } from './replayNote.ts';
import {
  ackOut,
  batchAckOut,
  groupIn,
  positionOut,
  quoteIn,
  reportOut,
  tempIn,
  tpSlOut,
} from './simulatorIds.ts';

/** The part of the simulator's engine the replay drives: its marks, from the recorded polls, and its state kept. */
export type ReplayedEngine = Pick<SimEngine, 'setMark' | 'snapshot'>;

function describe(g: SubmitGroup): string {
  switch (g.kind) {
    case 'open':
      return g.items
        .map(
          (o) =>
            `open ${o.symbol} ${o.side} ${o.quantity} ${o.orderType}${o.limitPrice ? ` @ ${o.limitPrice}` : ''}`,
        )
        .join('; ');
    case 'close':
      return g.items.map((c) => `close ${c.quoteId} ${c.quantity} ${c.orderType}`).join('; ');
    default:
      return `${g.kind} ${g.items.join(', ')}`;
  }
}

/**
 * What answers the requests the recorded venue never saw (a changed strategy's new decisions):
 * the venue simulator, through the real venue client, on the replay's clock, at the recorded
 * marks. Everything it answers is said in `notes`: each request it took, and how each ended.
 */
export class SimulatorAnswers {
  readonly notes: ReplayNote[] = [];
  private readonly ended = new Set<string>();

  private readonly venue: VenuePort;
  private readonly engine: ReplayedEngine;
  private readonly now: () => number;

  constructor(venue: VenuePort, engine: ReplayedEngine, now: () => number) {
    this.venue = venue;
    this.engine = engine;
    this.now = now;
  }

  /** A recorded price poll's answer reached the kernel: the simulator's marks move with it. */
  marks(ticks: readonly PriceTick[]): void {
    for (const t of ticks) this.engine.setMark(t.symbol, t.mark, t.ts, t.last ?? t.mark);
  }

  /** What it holds at the end of a process, for the next one (the venue outlives the process). */
  state(): EngineSnapshot {
    return this.engine.snapshot();
  }

  private note(t: number, what: string, requests?: number): void {
    this.notes.push({ t, what, simulator: true, ...(requests === undefined ? {} : { requests }) });
  }

  async submit(group: SubmitGroup): Promise<SubmitAck | BatchAck> {
    const t = this.now();
    try {
      const ack = ackOut(await this.venue.submit(groupIn(group)));
      const ids =
        'tempId' in ack
          ? [ack.tempId]
          : ack.results.map((r) => (r.ok ? r.tempId : `refused (${r.error.message})`));
      this.note(t, `simulator took ${describe(group)} → ${ids.join(', ')}`, group.items.length);
      return ack;
    } catch (e) {
      const why = e instanceof Error ? e.message : String(e);
      this.note(t, `simulator refused ${describe(group)}: ${why}`, group.items.length);
      throw e;
    }
  }

  /** Closes what the simulator holds: the part of a close-all the recorded venue never saw. */
  async closeAll(): Promise<BatchAck> {
    const t = this.now();
    const ack = batchAckOut(await this.venue.closeAll());
    const ids = ack.results.map((r) => (r.ok ? r.tempId : `refused (${r.error.message})`));
    if (ids.length > 0) this.note(t, `simulator took closeAll → ${ids.join(', ')}`, ids.length);
    return ack;
  }

  async requestStatus(kind: RequestKind, id: TempId): Promise<RequestStatusReport | null> {
    const raw = await this.venue.requestStatus(kind, tempIn(id));
    if (raw === null) return null;
    const rep = reportOut(raw);
    if (isTerminalVenueStatus(kind, rep.status) && !this.ended.has(`${kind} ${id}`)) {
      this.ended.add(`${kind} ${id}`);
      const why =
        rep.errorCode === undefined ? '' : ` (${rep.errorCode}${rep.reason ? `: ${rep.reason}` : ''})`;
      const price = rep.avgPrice === null ? '' : ` at ${rep.avgPrice}`;
      // At the moment the simulator decided it, not when the kernel's poll learned it.
      this.note(
        rep.updatedAt,
        `simulator ended ${kind} ${id}: ${rep.status} ${rep.filledQuantity}${price}${why}`,
      );
    }
    return rep;
  }

  setTpSl(order: TpSlOrder): Promise<void> {
    return this.venue.setTpSl({ ...order, quoteId: quoteIn(order.quoteId) });
  }

  async listTpSl(ids: readonly QuoteId[]): Promise<readonly TpSlState[]> {
    if (ids.length === 0) return [];
    return (await this.venue.listTpSl(ids.map(quoteIn))).map(tpSlOut);
  }

  async positions(): Promise<readonly Position[]> {
    return (await this.venue.positions()).map(positionOut);
  }
}

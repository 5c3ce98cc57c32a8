import type { ClientRequestId } from '../domain/ids.ts';
import type { RecordKind, RequestRecord } from '../domain/request.ts';
import { isTerminal } from '../domain/requestStatus.ts';
import type { JournalPort } from '../journal/JournalPort.ts';
import type { Batcher } from './Batcher.ts';
import type { RequestChange } from './requestChange.ts';
import { isApplied, type TpSlBook, tpslOrder } from './TpSlBook.ts';
import { openFilled } from './tpslRequest.ts';

/** What routing TP/SL requests needs from the executor. */
export interface TpSlRouteHost {
  readonly journal: JournalPort;
  readonly tpsl: TpSlBook;
  readonly batcher: Batcher<RecordKind, ClientRequestId>;
  move(changes: readonly RequestChange[]): RequestRecord[];
  nextTick(fn: () => void): void;
}

/** A journaled TP/SL goes out now when its position is known, else waits for its open to end. */
export function routeTpSl(h: TpSlRouteHost, id: ClientRequestId): void {
  const r = h.journal.get(id);
  if (r === undefined || r.status !== 'CREATED') return;
  const after = tpslOrder(r).after;
  if (after === undefined) {
    h.batcher.add('setTpSl', id);
    return;
  }
  const open = h.journal.get(after);
  if (open !== undefined && !isTerminal(open.status)) h.tpsl.hold(after, id);
  else releaseTpSl(h, open, [id]);
}

/** After every status change: applied TP/SL legs are noted, an ended open releases its TP/SL. */
export function followMoves(h: TpSlRouteHost, records: readonly RequestRecord[]): void {
  for (let i = 0; i < records.length; i++) {
    const r = records[i] as RequestRecord;
    if (r.kind === 'setTpSl') {
      if (isApplied(r)) h.tpsl.noteApplied(r);
    } else if (r.kind === 'open' && h.tpsl.holding > 0 && isTerminal(r.status)) {
      const held = h.tpsl.takeHeld(r.clientRequestId);
      if (held.length > 0) releaseTpSl(h, r, held);
    }
  }
}

/** Filled: send (next tick, once the fill is in the ledger). Ended otherwise: never sent. */
function releaseTpSl(
  h: TpSlRouteHost,
  open: RequestRecord | undefined,
  ids: readonly ClientRequestId[],
): void {
  if (open !== undefined && openFilled(open)) {
    h.nextTick(() => {
      for (const id of ids) h.batcher.add('setTpSl', id);
    });
    return;
  }
  const why =
    open === undefined ? 'its open is not in the journal' : `its open ended ${open.status} unfilled`;
  h.move(ids.map((id) => ({ id, to: 'NOT_SENT' as const, note: `TP/SL not sent: ${why}` })));
}

import { BatchId } from '../domain/ids.ts';
import { PerpflowError } from '../errors/PerpflowError.ts';
import { VenueRejectedError } from '../errors/venueErrors.ts';
import type { BatchAck, BatchItemResult, SubmitAck, SubmitGroup } from '../venue/VenuePort.ts';
import type { SimulatorAnswers } from './SimulatorAnswers.ts';
import { isSimulatorId } from './simulatorIds.ts';

type Named = Exclude<SubmitGroup, { readonly kind: 'open' }>;

/** The id an item of a close or cancel names: the position's quote, or the request's tempId. */
const idOf = (g: Named, i: number): string => {
  const item = g.items[i];
  if (item === undefined) return '';
  return typeof item === 'string' ? item : item.quoteId;
};

/** The group with only the items at `keep`, as the simulator is asked. */
function only(g: Named, keep: readonly number[]): Named {
  switch (g.kind) {
    case 'close':
      return { kind: 'close', items: keep.flatMap((i) => g.items[i] ?? []) };
    case 'cancelOpen':
      return { kind: 'cancelOpen', items: keep.flatMap((i) => g.items[i] ?? []) };
    case 'cancelClose':
      return { kind: 'cancelClose', items: keep.flatMap((i) => g.items[i] ?? []) };
  }
}

const asPerpflow = (e: unknown): PerpflowError =>
  e instanceof PerpflowError ? e : new VenueRejectedError(String(e), { venueCode: 'UNKNOWN' });

/**
 * A new request of a replay with other strategies, to the simulator; but a close or a cancel
 * naming what only the recorded venue held (a recorded position, a recorded request), which the
 * recording has no answer for at this moment, is refused as a venue refuses a position it does
 * not know. It must not reach the simulator: the simulator does not hold it, and its own ids are
 * the recorded venue's numbers (1001, tmp-0000001…), so its position of the same number would be
 * closed in its place. The recorded position stays as the recorded venue reports it.
 */
export async function toSimulatorOrRefused(
  g: SubmitGroup,
  sim: SimulatorAnswers,
  note: (what: string) => void,
): Promise<SubmitAck | BatchAck> {
  if (g.kind === 'open') return sim.submit(g);
  const all = g.items.map((_, i) => i);
  const theirs = all.filter((i) => !isSimulatorId(idOf(g, i)));
  if (theirs.length === 0) return sim.submit(g);
  const refusal = (i: number): VenueRejectedError => {
    const id = idOf(g, i);
    note(
      `${g.kind} of ${id} refused: only the recorded venue held it, not the simulator answering new requests`,
    );
    return new VenueRejectedError(
      `${g.kind} ${id}: not at the replay's simulator (only the recorded venue held it)`,
      {
        venueCode: 'NOT_FOUND',
        status: 404,
      },
    );
  };
  if (g.items.length === 1) throw refusal(0);
  const mine = all.filter((i) => isSimulatorId(idOf(g, i)));
  const results: BatchItemResult[] = theirs.map((index) => ({ index, ok: false, error: refusal(index) }));
  let batchId = BatchId('replay-refused');
  if (mine.length === 1) {
    const index = mine[0] ?? 0;
    try {
      const ack = await sim.submit(only(g, mine));
      if ('tempId' in ack) results.push({ index, ok: true, tempId: ack.tempId });
    } catch (e) {
      results.push({ index, ok: false, error: asPerpflow(e) });
    }
  } else if (mine.length > 1) {
    const ack = await sim.submit(only(g, mine));
    if ('results' in ack) {
      batchId = ack.batchId;
      for (const r of ack.results) results.push({ ...r, index: mine[r.index] ?? r.index });
    }
  }
  return { batchId, results: results.sort((a, b) => a.index - b.index) };
}

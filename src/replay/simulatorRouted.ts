import { BatchId } from '../domain/ids.ts';
import { encodeValue } from '../kernel/record/recordCodec.ts';
import type { BatchAck, VenuePort } from '../venue/VenuePort.ts';
import { toSimulatorOrRefused } from './recordedOnlyRefused.ts';
import type { SimulatorAnswers } from './SimulatorAnswers.ts';
import { isSimulatorId, namesSimulator } from './simulatorIds.ts';
import type { UnsentRequests } from './UnsentRequests.ts';

/** What the replay's recorded venue lends the routing: its answers, and its notes. */
export interface RecordedCalls {
  /** The answer recorded for this call at this instant; else what `fresh` answers. */
  callOr<R>(op: string, args: readonly unknown[], fresh: () => Promise<R>): Promise<R>;
  note(what: string): void;
}

/**
 * The venue of a replay with other strategies: what the recording answered, answered from it;
 * a new submit, and every later call naming what the simulator answered (its `sim-` ids), by the
 * simulator; a new close or cancel of what only the recorded venue held, refused (recordedOnlyRefused.ts). Positions and TP/SL rows are the recording's and the simulator's, in that order.
 */
export function simulatorRouted(
  recorded: VenuePort,
  sim: SimulatorAnswers,
  unsent: UnsentRequests,
  calls: RecordedCalls,
): VenuePort {
  return {
    ...recorded,
    positions: async () => [
      ...(await recorded.positions()).filter((p) => unsent.shows(p)),
      ...(await sim.positions()),
    ],
    submit: (g) => {
      const fresh = () => toSimulatorOrRefused(g, sim, (what) => calls.note(what));
      return namesSimulator(g) ? fresh() : calls.callOr('submit', [g], fresh);
    },
    setTpSl: (order) =>
      isSimulatorId(order.quoteId)
        ? sim.setTpSl(order)
        : calls.callOr('setTpSl', [order], () => {
            calls.note(
              `TP/SL on a recorded position the recording never saw set, taken as accepted: ${encodeValue([order])}`,
            );
            return Promise.resolve();
          }),
    listTpSl: async (ids) => {
      const theirs = ids.filter((id) => !isSimulatorId(id));
      const rows = theirs.length === 0 ? [] : await recorded.listTpSl(theirs);
      return [...rows, ...(await sim.listTpSl(ids.filter(isSimulatorId)))];
    },
    requestStatus: (kind, id) =>
      isSimulatorId(id) ? sim.requestStatus(kind, id) : recorded.requestStatus(kind, id),
    // The positions read before it were the recording's, then the simulator's: so is its answer.
    closeAll: async () => {
      const theirs = await calls.callOr<BatchAck>('closeAll', [], () => {
        calls.note('closeAll not in the recording: the recorded venue’s positions left as they are');
        return Promise.resolve({ batchId: BatchId('replay-none'), results: [] });
      });
      const mine = await sim.closeAll();
      const n = theirs.results.length;
      return {
        ...theirs,
        results: [...theirs.results, ...mine.results.map((r) => ({ ...r, index: r.index + n }))],
      };
    },
  };
}

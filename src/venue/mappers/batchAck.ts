import { BatchId, TempId } from '../../domain/ids.ts';
import { OutcomeUnknownError, VenueRejectedError } from '../../errors/venueErrors.ts';
import { redactText } from '../../log/redact.ts';
import type { BatchAck, BatchItemResult } from '../VenuePort.ts';
import type { WireBatchAck } from '../wire/submit.ts';

/**
 * A batch's answer for `count` items sent, as the client and the in-process adapter read it.
 * Items are independent: one refused item does not stop the others. An item the venue did not
 * report, or refused without a code, has an unknown outcome (settle it by reconciliation).
 */
export function toBatchAck(endpoint: string, wire: WireBatchAck, count: number): BatchAck {
  const byIndex = new Map(wire.results.map((r) => [r.index, r]));
  const results: BatchItemResult[] = [];
  for (let index = 0; index < count; index++) {
    const r = byIndex.get(index);
    if (r?.success === true && r.tempId != null) {
      results.push({ index, ok: true, tempId: TempId(r.tempId) });
    } else if (r?.success === false && r.error?.code !== undefined) {
      const said = redactText(r.error.message ?? r.error.code);
      results.push({
        index,
        ok: false,
        error: new VenueRejectedError(`${endpoint} item ${index}: ${said}`, {
          endpoint,
          venueCode: r.error.code,
          details: { index },
        }),
      });
    } else {
      const why = r === undefined ? 'not in the answer' : 'answer without a tempId or error code';
      results.push({
        index,
        ok: false,
        error: new OutcomeUnknownError(`${endpoint} item ${index}: ${why}; reconcile`, {
          endpoint,
          details: { index },
        }),
      });
    }
  }
  return { batchId: BatchId(wire.batchId), results };
}

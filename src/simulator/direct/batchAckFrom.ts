import { BatchId, TempId } from '../../domain/ids.ts';
import { VenueRejectedError } from '../../errors/venueErrors.ts';
import { redactText } from '../../log/redact.ts';
import type { BatchAck, BatchItemResult } from '../../venue/VenuePort.ts';
import { WireBatchAck } from '../../venue/wire/submit.ts';

/**
 * A batch route's answer, read by the client's schema, as the client's batch action maps it: an accepted item keeps its
 * tempId, a refused one becomes a VenueRejectedError naming the endpoint, the item and the
 * venue's words. The simulator reports every item with a tempId or a code, so the client's
 * "outcome unknown" branch cannot arise here.
 */
export function batchAckFrom(endpoint: string, answer: unknown): BatchAck {
  const data = WireBatchAck.parse(answer);
  const results: BatchItemResult[] = data.results.map((r) => {
    if (r.success && r.tempId != null) return { index: r.index, ok: true, tempId: TempId(r.tempId) };
    const code = r.error?.code ?? 'INTERNAL';
    const said = redactText(r.error?.message ?? code);
    return {
      index: r.index,
      ok: false,
      error: new VenueRejectedError(`${endpoint} item ${r.index}: ${said}`, {
        endpoint,
        venueCode: code,
        details: { index: r.index },
      }),
    };
  });
  return { batchId: BatchId(data.batchId), results };
}

import type { Position } from '../domain/position.ts';
import { decodeValue, encodeValue } from '../kernel/record/recordCodec.ts';
import type { RecordLine } from '../kernel/record/recordLines.ts';
import type { BatchAck, SubmitAck } from '../venue/VenuePort.ts';

type CallLine = Extract<RecordLine, { k: 'c' }>;

function ackedIds(line: CallLine): readonly string[] {
  if (line.op !== 'submit' || line.r === undefined || line.r === null) return [];
  const ack = decodeValue<SubmitAck | BatchAck>(encodeValue(line.r));
  return 'tempId' in ack ? [ack.tempId] : ack.results.flatMap((r) => (r.ok ? [r.tempId] : []));
}

/**
 * The recorded process's requests that a replay with other strategies never sent (the recorded
 * strategies' own decisions). The positions they opened are in the recorded positions answers,
 * but not this replay's: shown to its kernel they would be taken for someone else's trades. A
 * position the recording never saw submitted (held before, or opened by hand) is shown.
 */
export class UnsentRequests {
  private readonly recorded = new Set<string>();
  private readonly sent = new Set<string>();

  /**
   * A process's recorded submits. One instance serves the processes of a session that share a
   * venue (a position outlives the process that opened it); a venue that died with its process
   * (sim's embedded simulator) issues the same ids again, and needs one of its own.
   */
  recordedIn(lines: readonly RecordLine[]): this {
    for (const l of lines) if (l.k === 'c') for (const id of ackedIds(l)) this.recorded.add(id);
    return this;
  }

  /** The replay sent the recorded submit this line answers. */
  took(line: CallLine): void {
    for (const id of ackedIds(line)) this.sent.add(id);
  }

  shows(p: Position): boolean {
    return p.tempId === null || !this.recorded.has(p.tempId) || this.sent.has(p.tempId);
  }
}

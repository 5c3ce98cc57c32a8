import { decodeValue, encodeValue } from '../kernel/record/recordCodec.ts';
import type { RecordLine } from '../kernel/record/recordLines.ts';

/** Which of a session's decisions a line is: intents and denials, request transitions, fills. */
type Stream = 'intent' | 'request' | 'fill';
const STREAMS: ReadonlyMap<string, Stream> = new Map([
  ['i', 'intent'],
  ['n', 'intent'],
  ['q', 'request'],
  ['f', 'fill'],
]);

export interface Divergence {
  /** The clock time of the first line that differs (the recorded one's, else the replayed one's). */
  readonly t: number;
  readonly stream: Stream;
  readonly recorded?: string;
  readonly replayed?: string;
}

/**
 * How far an intent's clock reading (`createdAt`) may be from the recorded one and still be the
 * same decision: a live process's timers fire a few ms late (a bar closed on its grace timer is
 * decided a little after it is due), a replay's virtual ones do not. Anything else must match.
 */
export const CLOCK_TOLERANCE_MS = 100;

/** A decision line without its clock readings (its `t`, an intent's `createdAt`). */
export function decisionText(line: RecordLine): string {
  if (line.k === 'i') return encodeValue({ ...line, t: undefined, x: { ...line.x, createdAt: undefined } });
  return encodeValue({ ...line, t: undefined });
}

/** The largest difference between the clock readings of the intents both sides decided alike. */
export function clockSkewMs(recorded: readonly RecordLine[], replayed: readonly RecordLine[]): number {
  const a = recorded.filter((l) => l.k === 'i');
  const b = replayed.filter((l) => l.k === 'i');
  let skew = 0;
  for (let i = 0; i < Math.min(a.length, b.length); i++) {
    const x = a[i];
    const y = b[i];
    if (x?.k !== 'i' || y?.k !== 'i' || decisionText(x) !== decisionText(y)) break;
    skew = Math.max(skew, Math.abs(x.x.createdAt - y.x.createdAt));
  }
  return skew;
}

function streamsOf(lines: readonly RecordLine[]): Map<Stream, RecordLine[]> {
  const out = new Map<Stream, RecordLine[]>([
    ['intent', []],
    ['request', []],
    ['fill', []],
  ]);
  for (const l of lines) {
    const s = STREAMS.get(l.k);
    if (s !== undefined) out.get(s)?.push(l);
  }
  return out;
}

export function decisionsOf(lines: readonly RecordLine[]): RecordLine[] {
  return lines.filter((l) => STREAMS.has(l.k));
}

export function parseLines(texts: readonly string[]): RecordLine[] {
  return texts.map((t) => decodeValue<RecordLine>(t));
}

/**
 * Every intent, request transition and fill, in order within its kind, recorded against
 * replayed: the first pair that differs in each kind, the earliest of those first. The clock
 * reading of a line is left out (a live process's timers fire late by a few ms; a virtual one's
 * do not), everything else must be identical, to the last digit of a Decimal.
 */
export function firstDivergence(
  recorded: readonly RecordLine[],
  replayed: readonly RecordLine[],
): Divergence | undefined {
  const a = streamsOf(recorded);
  const b = streamsOf(replayed);
  let first: Divergence | undefined;
  for (const [stream, rec] of a) {
    const rep = b.get(stream) ?? [];
    for (let i = 0; i < Math.max(rec.length, rep.length); i++) {
      const x = rec[i];
      const y = rep[i];
      const tx = x === undefined ? undefined : decisionText(x);
      const ty = y === undefined ? undefined : decisionText(y);
      const skew = x?.k === 'i' && y?.k === 'i' ? Math.abs(x.x.createdAt - y.x.createdAt) : 0;
      if (tx === ty && skew <= CLOCK_TOLERANCE_MS) continue;
      const t = Math.min(x?.t ?? Number.POSITIVE_INFINITY, y?.t ?? Number.POSITIVE_INFINITY);
      // The side that decided later decided nothing at this moment.
      const shown = {
        ...(x === undefined || x.t !== t ? {} : { recorded: encodeValue({ ...x, t: undefined }) }),
        ...(y === undefined || y.t !== t ? {} : { replayed: encodeValue({ ...y, t: undefined }) }),
      };
      if (first === undefined || t < first.t) first = { t, stream, ...shown };
      break;
    }
  }
  return first;
}

/** Intents one side decided and the other did not (a changed strategy's different decisions). */
export function differentIntents(recorded: readonly RecordLine[], replayed: readonly RecordLine[]) {
  const texts = (ls: readonly RecordLine[]) => new Set(ls.filter((l) => l.k === 'i').map(decisionText));
  const a = texts(recorded);
  const b = texts(replayed);
  return {
    onlyRecorded: recorded.filter((l) => l.k === 'i' && !b.has(decisionText(l))),
    onlyReplayed: replayed.filter((l) => l.k === 'i' && !a.has(decisionText(l))),
  };
}

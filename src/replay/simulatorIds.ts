import { QuoteId, TempId } from '../domain/ids.ts';
import type { Position } from '../domain/position.ts';
import type { BatchAck, RequestStatusReport, SubmitAck, SubmitGroup, TpSlState } from '../venue/VenuePort.ts';

/**
 * The replay's simulator issues ids as the recorded venue did (a recorded sim session's are the
 * very same `tmp-0000001`, `1001`…): they are shown to the kernel marked, so a new request never
 * shares an id with a recorded one, and each call is routed by the id it names.
 */
const MARK = 'sim-';

export const isSimulatorId = (id: string): boolean => id.startsWith(MARK);

const tempOut = (id: string): TempId => TempId(`${MARK}${id}`);
const quoteOut = (id: string): QuoteId => QuoteId(`${MARK}${id}`);
const tempIn = (id: string): TempId => TempId(isSimulatorId(id) ? id.slice(MARK.length) : id);
const quoteIn = (id: string): QuoteId => QuoteId(isSimulatorId(id) ? id.slice(MARK.length) : id);

/** Whether a group names anything of the simulator's (a close of its position, a cancel of its request). */
export function namesSimulator(g: SubmitGroup): boolean {
  if (g.kind === 'open') return false;
  if (g.kind === 'close') return g.items.some((c) => isSimulatorId(c.quoteId));
  return g.items.some(isSimulatorId);
}

/** A group as the simulator knows its ids. */
export function groupIn(g: SubmitGroup): SubmitGroup {
  switch (g.kind) {
    case 'open':
      return g;
    case 'close':
      return { kind: 'close', items: g.items.map((c) => ({ ...c, quoteId: quoteIn(c.quoteId) })) };
    case 'cancelOpen':
      return { kind: 'cancelOpen', items: g.items.map((id) => tempIn(id)) };
    case 'cancelClose':
      return { kind: 'cancelClose', items: g.items.map((id) => tempIn(id)) };
  }
}

export function batchAckOut(a: BatchAck): BatchAck {
  return { ...a, results: a.results.map((r) => (r.ok ? { ...r, tempId: tempOut(r.tempId) } : r)) };
}

export function ackOut(a: SubmitAck | BatchAck): SubmitAck | BatchAck {
  return 'tempId' in a ? { tempId: tempOut(a.tempId) } : batchAckOut(a);
}

export function reportOut(r: RequestStatusReport): RequestStatusReport {
  return { ...r, tempId: tempOut(r.tempId), quoteId: r.quoteId === null ? null : quoteOut(r.quoteId) };
}

export function positionOut(p: Position): Position {
  return {
    ...p,
    quoteId: p.quoteId === null ? null : quoteOut(p.quoteId),
    tempId: p.tempId === null ? null : tempOut(p.tempId),
  };
}

export function tpSlOut(s: TpSlState): TpSlState {
  return {
    ...s,
    quoteId: quoteOut(s.quoteId),
    closeRequestId: s.closeRequestId === null ? null : tempOut(s.closeRequestId),
  };
}

export { quoteIn, tempIn };

import type { Permission } from '../../domain/side.ts';
import type { CloseParams, OpenParams, SimEngine } from '../engine/SimEngine.ts';
import { reject } from '../engine/SimRejection.ts';
import type { Quote, Request, Subaccount } from '../engine/state.ts';

type Authorize = (sub: Subaccount, permission: Permission) => void;

/** The single operations, shared by the single and the batch routes. Each throws a SimRejection. */
export function openOne(engine: SimEngine, sub: Subaccount, p: OpenParams, authorize: Authorize): Request {
  authorize(sub, 'OPEN_POSITION');
  return engine.submitOpen(sub, p);
}

function findQuote(engine: SimEngine, id: string, chainId: number, sub?: Subaccount): Quote {
  const q = engine.quote(id);
  if (!q || q.subaccount.chainId !== chainId || (sub && q.subaccount !== sub))
    throw reject.notFound(`no position ${id} on chain ${chainId}`);
  return q;
}

export function closeOne(
  engine: SimEngine,
  quoteId: string,
  chainId: number,
  p: CloseParams,
  authorize: Authorize,
  sub?: Subaccount,
): Request {
  const q = engine.quote(quoteId);
  if (!q || q.quoteId !== quoteId || q.subaccount.chainId !== chainId || (sub && q.subaccount !== sub))
    throw reject.notFound(`no open position with quoteId ${quoteId} on chain ${chainId}`);
  authorize(q.subaccount, 'CLOSE_POSITION');
  return engine.submitClose(q, p);
}

export function cancelOpenOne(
  engine: SimEngine,
  positionId: string,
  chainId: number,
  authorize: Authorize,
  sub?: Subaccount,
): Request {
  const q = findQuote(engine, positionId, chainId, sub);
  authorize(q.subaccount, 'CANCEL_POSITION');
  return engine.submitCancelOpen(q);
}

export function cancelCloseOne(
  engine: SimEngine,
  closeRequestId: string,
  chainId: number,
  authorize: Authorize,
  sub?: Subaccount,
): Request {
  const r = engine.request(closeRequestId);
  if (r?.kind !== 'close' || r.quote.subaccount.chainId !== chainId || (sub && r.quote.subaccount !== sub))
    throw reject.notFound(`no close request ${closeRequestId} on chain ${chainId}`);
  authorize(r.quote.subaccount, 'CANCEL_POSITION');
  return engine.submitCancelClose(r);
}

import type { RequestKind } from '../../../domain/venueStatus.ts';
import type { SimEngine } from '../../engine/SimEngine.ts';
import { reject } from '../../engine/SimRejection.ts';
import type { Request } from '../../engine/state.ts';
import { RawJson } from '../RawJson.ts';
import { closeStatusQuery, openStatusQuery, subaccountQuery } from '../schemas.ts';
import { positionJson, statusRow } from '../serialize.ts';
import { type Route, type RouteContext, route } from '../types.ts';

function findRequest(engine: SimEngine, kind: RequestKind, id: string, chainId: number): Request {
  let r = engine.request(id);
  if (kind === 'open' && r?.kind !== 'open') r = engine.quote(id)?.openRequest ?? undefined;
  // A fresh id inside the indexing-lag window is not visible yet: 404, which is not a rejection.
  if (!r || r.kind !== kind || r.quote.subaccount.chainId !== chainId || !engine.isIndexed(r))
    throw reject.notFound(`no ${kind} request ${id} on chain ${chainId}`);
  return r;
}

function statusRoute(kind: RequestKind, path: string, idParam: 'positionId' | 'closeRequestId'): Route {
  return route<undefined, { positionId?: string; closeRequestId?: string; chainId: number }>({
    method: 'GET',
    path,
    auth: 'key',
    tag: 'Positions',
    summary: `Status of a ${kind} request`,
    permission: 'VIEW_DETAILS',
    query: idParam === 'positionId' ? openStatusQuery : closeStatusQuery,
    run: ({
      engine,
      query,
      authorize,
    }: RouteContext<undefined, { positionId?: string; closeRequestId?: string; chainId: number }>) => {
      const r = findRequest(engine, kind, query[idParam] ?? '', query.chainId);
      authorize(r.quote.subaccount, 'VIEW_DETAILS');
      return statusRow(r);
    },
  });
}

export const positionRoutes = [
  route<undefined, { subaccountAddress: string; chainId: number }>({
    method: 'GET',
    path: '/v1/positions/all',
    auth: 'key',
    tag: 'Positions',
    summary: 'Open positions and pending opens of a subaccount (the authority on exposure)',
    permission: 'VIEW_DETAILS',
    query: subaccountQuery,
    run: ({ engine, accounts, query, authorize }) => {
      const sub = accounts.subaccount(query.subaccountAddress, query.chainId);
      authorize(sub, 'VIEW_DETAILS');
      return RawJson.array(engine.positions(sub).map((q) => positionJson(engine, q)));
    },
  }),
  statusRoute('open', '/v1/positions/open-request/status', 'positionId'),
  statusRoute('close', '/v1/positions/close-request/status', 'closeRequestId'),
  statusRoute('cancelOpen', '/v1/positions/cancel-request/status', 'positionId'),
  statusRoute('cancelClose', '/v1/positions/cancel-close-request/status', 'closeRequestId'),
];

import type { z } from 'zod';
import type { Permission } from '../../domain/side.ts';
import type { AccountBook } from '../engine/AccountBook.ts';
import type { SimEngine } from '../engine/SimEngine.ts';
import { SimRejection } from '../engine/SimRejection.ts';
import type { ApiKeyRecord, Subaccount } from '../engine/state.ts';
import { fail, ok } from './envelope.ts';
import { Router } from './router.ts';
import type { Route, SimHttpRequest, SimHttpResponse } from './types.ts';

/** Synchronous: every route runs to completion in the engine, so no promise per request. */
export type SimHandler = (req: SimHttpRequest) => SimHttpResponse;

function header(req: SimHttpRequest, name: string): string | undefined {
  return req.headers[name] ?? req.headers[name.toLowerCase()];
}

/** `where: what` for the first problems zod found, e.g. `quantity: Too small: expected number to be >0`. */
export function describeIssues(
  where: string,
  error: { readonly issues: readonly z.core.$ZodIssue[] },
): string {
  return error.issues
    .slice(0, 5)
    .map((i) => `${[where, ...i.path.map(String)].filter(Boolean).join('.') || where}: ${i.message}`)
    .join('; ');
}

interface Caller {
  readonly wallet: string | undefined;
  readonly key: ApiKeyRecord | undefined;
}

function authenticate(accounts: AccountBook, route: Route, req: SimHttpRequest): Caller {
  if (route.auth === 'none') return { wallet: undefined, key: undefined };
  const authz = header(req, 'authorization');
  const apiKey = header(req, 'x-api-key');
  const wantsKey = route.auth === 'key' || (route.auth === 'jwtOrKey' && apiKey !== undefined);
  if (wantsKey) {
    if (apiKey === undefined || apiKey === '')
      throw new SimRejection(401, 'UNAUTHORIZED', 'missing x-api-key header');
    return { wallet: undefined, key: accounts.authenticateKey(apiKey.trim()) };
  }
  if (authz === undefined || authz === '')
    throw new SimRejection(401, 'UNAUTHORIZED', 'missing Authorization: Bearer <session JWT> header');
  const token = /^Bearer\s+(\S+)$/i.exec(authz.trim())?.[1];
  if (token === undefined)
    throw new SimRejection(401, 'UNAUTHORIZED', 'the Authorization header is not "Bearer <session JWT>"');
  return { wallet: accounts.verifySession(token), key: undefined };
}

function authorizer(accounts: AccountBook, caller: Caller) {
  return (sub: Subaccount, permission: Permission): void => {
    if (caller.key) {
      accounts.authorize(caller.key, sub, permission);
      return;
    }
    if (caller.wallet !== sub.wallet)
      throw new SimRejection(
        403,
        'FORBIDDEN',
        `subaccount ${sub.address} does not belong to the signed-in wallet`,
      );
  };
}

/**
 * The framework-free core of the simulator's HTTP face: routing, authentication, schema
 * validation and the envelope. Order of checks: route (404/405), credential (401), body and
 * query (400 VALIDATION), then the route itself (403 on the subaccount, 400/404 business).
 */
export function createHandler(
  venue: { readonly engine: SimEngine; readonly accounts: AccountBook },
  routes: readonly Route[],
  onInternalError?: (error: unknown) => void,
): SimHandler {
  const { engine, accounts } = venue;
  const router = new Router(routes);
  return (req) => {
    const m = router.match(req.method, req.path);
    if (m === undefined) return fail(404, 'ROUTE_NOT_FOUND', `no route ${req.method} ${req.path}`);
    if (m === 'method') return fail(405, 'METHOD_NOT_ALLOWED', `${req.method} is not allowed on ${req.path}`);
    const { route, params } = m;
    try {
      const caller = authenticate(accounts, route, req);
      let body: unknown;
      if (route.body) {
        if (req.body === undefined) return fail(400, 'VALIDATION', 'body: a JSON body is required');
        body = route.fastBody?.(req.body);
        if (body === undefined) {
          const parsed = route.body.safeParse(req.body);
          if (!parsed.success) return fail(400, 'VALIDATION', describeIssues('body', parsed.error));
          body = parsed.data;
        }
      }
      let query: unknown = req.query;
      if (route.query) {
        const parsed = route.query.safeParse(req.query);
        if (!parsed.success) return fail(400, 'VALIDATION', describeIssues('query', parsed.error));
        query = parsed.data;
      }
      const data = route.run({
        engine,
        accounts,
        body,
        query,
        params,
        wallet: caller.wallet,
        key: caller.key,
        authorize: authorizer(accounts, caller),
      });
      return ok(route.status ?? 200, data);
    } catch (e) {
      if (e instanceof SimRejection) return fail(e.status, e.code, e.message);
      // An engine bug must not leak internals to the client; the message is generic on purpose.
      onInternalError?.(e);
      return fail(500, 'INTERNAL', 'internal simulator error');
    }
  };
}

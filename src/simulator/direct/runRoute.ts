import type { Permission } from '../../domain/side.ts';
import type { PerpflowError } from '../../errors/PerpflowError.ts';
import { type CallKind, errorForStatus } from '../../venue/http/errorForStatus.ts';
import type { AccountBook } from '../engine/AccountBook.ts';
import { ForgottenRecordError } from '../engine/ForgottenRecordError.ts';
import type { SimEngine } from '../engine/SimEngine.ts';
import { SimRejection } from '../engine/SimRejection.ts';
import type { ApiKeyRecord, Subaccount } from '../engine/state.ts';
import { describeIssues } from '../http/createHandler.ts';
import { allRoutes } from '../http/routes/index.ts';
import type { Route } from '../http/types.ts';
import { fastCloseBody } from './fastCloseBody.ts';

/** What a direct call acts on: the engine, the account book and the caller's key secret. */
export interface DirectVenueCore {
  readonly engine: SimEngine;
  readonly accounts: AccountBook;
  readonly apiKey: string;
  /** Test tap: every call that would have reached the simulator, as `METHOD /path`. */
  readonly onCall?: ((endpoint: string) => void) | undefined;
  /** The key record the secret resolved to, once found (see `authenticate`). */
  known?: ApiKeyRecord;
  /** The permission check of the last key that called, made once per key, not per call. */
  authorizes?: { readonly key: ApiKeyRecord; readonly check: Authorize };
}

type Authorize = (sub: Subaccount, permission: Permission) => void;

/** The params of a route without any: one shared object, read only. */
const NO_PARAMS: Readonly<Record<string, string>> = Object.freeze({});

export interface DirectCall {
  readonly method: 'GET' | 'POST';
  readonly path: string;
  /** The route's own path template, when `path` has its parameters filled in. */
  readonly template?: string;
  readonly params?: Readonly<Record<string, string>>;
  readonly body?: unknown;
  /** Typed by the caller (chainId a number): the route's query schema runs only when `queryValid` is false. */
  readonly query?: unknown;
  readonly queryValid?: boolean;
  readonly kind: CallKind;
  /** A status poll: 404 is "not indexed yet", answered null, never a rejection. */
  readonly nullOn404?: boolean;
}

const byKey = new Map(allRoutes.map((r) => [`${r.method} ${r.path}`, r]));
// Fast checks the HTTP face does not use (yet): each is held to its route's schema by a property test.
const directFast = new Map<Route | undefined, (raw: unknown) => unknown>([
  [byKey.get('POST /v1/trade/close-position'), fastCloseBody],
]);

interface Target {
  readonly route: Route;
  readonly endpoint: string;
}
// Per method, per filled-in path: a call's route and endpoint text, resolved once.
const targets = { GET: new Map<string, Target>(), POST: new Map<string, Target>() };

function targetOf(call: DirectCall): Target {
  const known = targets[call.method].get(call.path);
  if (known !== undefined) return known;
  const route = byKey.get(`${call.method} ${call.template ?? call.path}`);
  if (route === undefined) throw new Error(`direct venue: no simulator route ${call.method} ${call.path}`);
  const target = { route, endpoint: `${call.method} ${call.path}` };
  targets[call.method].set(call.path, target);
  return target;
}

/**
 * The 401 of every `/v1` route: a malformed, unknown or revoked key, checked on each call. The
 * book never removes a key, it only marks it revoked, so a record once found by its secret's
 * hash stays that secret's record: later calls check `revoked` on it (and stamp its use as the
 * book does) instead of hashing the secret again, which was a tenth of a direct round trip.
 * Anything but a known, live key goes through the book, which answers the 401.
 */
export function authenticate(core: DirectVenueCore): ApiKeyRecord {
  const known = core.known;
  if (known !== undefined && !known.revoked) {
    known.lastUsedAt = core.engine.clock.now();
    return known;
  }
  const key = core.accounts.authenticateKey(core.apiKey.trim());
  core.known = key;
  return key;
}

export function authorizer(core: DirectVenueCore, key: ApiKeyRecord): Authorize {
  return (sub: Subaccount, permission: Permission): void => core.accounts.authorize(key, sub, permission);
}

/** `authorizer(core, key)`, kept for the key that calls (one per venue port, in practice). */
function authorizeAs(core: DirectVenueCore, key: ApiKeyRecord): Authorize {
  const kept = core.authorizes;
  if (kept !== undefined && kept.key === key) return kept.check;
  const check = authorizer(core, key);
  core.authorizes = { key, check };
  return check;
}

/** A refusal as the client maps it from the wire: the same class, code, status and message. */
export function mapFailure(kind: CallKind, endpoint: string, e: unknown): PerpflowError {
  if (e instanceof SimRejection)
    return errorForStatus({ kind, endpoint, status: e.status, code: e.code, message: e.message });
  // The handler answers an engine bug 500 INTERNAL with a generic message; so does this.
  return errorForStatus({
    kind,
    endpoint,
    status: 500,
    code: 'INTERNAL',
    message: 'internal simulator error',
  });
}

/**
 * One simulator route run in process, in createHandler's order: credential (401), body (400
 * VALIDATION: the route's own fast check, else its schema), then the route (403/400/404). The
 * answer is the route's data, before any serialisation. A refusal throws the client's error.
 */
export function runRoute(core: DirectVenueCore, call: DirectCall): unknown {
  const { route, endpoint } = targetOf(call);
  core.onCall?.(endpoint);
  try {
    const key = authenticate(core);
    let body = call.body;
    if (route.body) {
      const fast = (route.fastBody ?? directFast.get(route))?.(body);
      if (fast !== undefined) body = fast;
      else {
        const parsed = route.body.safeParse(body);
        if (!parsed.success) throw new SimRejection(400, 'VALIDATION', describeIssues('body', parsed.error));
        body = parsed.data;
      }
    }
    if (route.query && call.queryValid === false) {
      const parsed = route.query.safeParse(call.query);
      if (!parsed.success) throw new SimRejection(400, 'VALIDATION', describeIssues('query', parsed.error));
    }
    return route.run({
      engine: core.engine,
      accounts: core.accounts,
      body,
      query: call.query,
      params: call.params ?? NO_PARAMS,
      wallet: undefined,
      key,
      authorize: authorizeAs(core, key),
    });
  } catch (e) {
    if (call.nullOn404 && e instanceof SimRejection && e.status === 404) return null;
    // Not the venue's answer: the engine was told not to keep what this call asked about.
    if (e instanceof ForgottenRecordError) throw e;
    throw mapFailure(call.kind, endpoint, e);
  }
}

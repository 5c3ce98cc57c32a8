import type { z } from 'zod';
import type { Permission } from '../../domain/side.ts';
import type { AccountBook } from '../engine/AccountBook.ts';
import type { SimEngine } from '../engine/SimEngine.ts';
import type { ApiKeyRecord, Subaccount } from '../engine/state.ts';

/** A transport-neutral request: what both the Fastify adapter and the in-process fetch build. */
export interface SimHttpRequest {
  readonly method: string;
  /** Path without the query string. */
  readonly path: string;
  readonly query: Readonly<Record<string, string | readonly string[] | undefined>>;
  readonly headers: Readonly<Record<string, string | undefined>>;
  /** Parsed JSON body, or undefined when there was none. */
  readonly body: unknown;
}

/** The answer, already serialised: both transports send `body` byte for byte. */
export interface SimHttpResponse {
  readonly status: number;
  readonly headers: Readonly<Record<string, string>>;
  readonly body: string;
}

export type AuthKind = 'none' | 'jwt' | 'key' | 'jwtOrKey';

export interface RouteContext<B, Q> {
  readonly engine: SimEngine;
  /** Wallets, keys, delegations, sessions: outside the matching engine. */
  readonly accounts: AccountBook;
  readonly body: B;
  readonly query: Q;
  readonly params: Readonly<Record<string, string>>;
  /** Set on JWT routes (and jwtOrKey when a JWT was sent). */
  readonly wallet: string | undefined;
  /** Set on key routes (and jwtOrKey when a key was sent). */
  readonly key: ApiKeyRecord | undefined;
  /** 403 unless the caller may act on the subaccount with that permission. */
  authorize(sub: Subaccount, permission: Permission): void;
}

export interface Route<B = unknown, Q = unknown> {
  readonly method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** With `{param}` segments, as OpenAPI writes them. */
  readonly path: string;
  readonly auth: AuthKind;
  readonly tag: string;
  readonly summary: string;
  readonly permission?: Permission;
  readonly body?: z.ZodType<B>;
  /** The body when it is plainly valid, checked without the schema; undefined sends it to `body`. */
  readonly fastBody?: (raw: unknown) => B | undefined;
  readonly query?: z.ZodType<Q>;
  /** 201 for accepted submits, 200 otherwise. */
  readonly status?: 200 | 201;
  /** Synchronous: the engine answers at once (the outcome of a trade comes from status polls). */
  run(ctx: RouteContext<B, Q>): unknown;
}

/** Keeps each route's body and query types tied to its schemas. */
export function route<B = undefined, Q = undefined>(r: Route<B, Q>): Route {
  return r;
}

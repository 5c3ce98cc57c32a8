import { SimRejection } from '../engine/SimRejection.ts';

/**
 * The signed-in wallet of a route that authenticates by session JWT: the handler verified the
 * token before `run`, so it is there; a route wired without JWT auth gets a 401 instead of an
 * undefined owner.
 */
export function signedIn(wallet: string | undefined): string {
  if (wallet === undefined) throw new SimRejection(401, 'UNAUTHORIZED', 'this call needs a session JWT');
  return wallet;
}

/** A `{name}` segment of the route's path: the router matched the path, so every segment is there. */
export function pathParam(params: Readonly<Record<string, string>>, name: string): string {
  const value = params[name];
  if (value === undefined) throw new SimRejection(404, 'ROUTE_NOT_FOUND', `the path has no {${name}}`);
  return value;
}

import type { FastifyRequest } from 'fastify';
import type { Actor, Role } from './contract.ts';

/** Who a request acts for: a console session, or the CLI's local token. */
export interface Principal {
  readonly user: string;
  readonly role: Role;
  readonly via: 'console' | 'cli';
  /** The session (cookie) it came with; undefined for the CLI's bearer token. */
  readonly sessionId?: string;
  readonly csrfToken?: string;
}

const principals = new WeakMap<FastifyRequest, Principal>();

export function setPrincipal(req: FastifyRequest, p: Principal): void {
  principals.set(req, p);
}

export function principalOf(req: FastifyRequest): Principal | undefined {
  return principals.get(req);
}

/** The audit's actor of a request: its user, its front end and its address. */
export function actorOf(req: FastifyRequest, p: Principal): Actor {
  return { via: p.via === 'cli' ? 'cli' : 'console', name: p.user, from: req.ip };
}

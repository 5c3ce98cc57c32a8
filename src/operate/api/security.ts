import type {} from '@fastify/cookie';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { isLoopbackHost } from '../../config/primitives.ts';
import { API_PREFIX } from './contract.ts';
import { type Principal, setPrincipal } from './principal.ts';
import { type Session, type Sessions, sameToken } from './sessions.ts';

export const SESSION_COOKIE = 'perpflow_session';
/** The CLI's header naming the OS user it runs as (its token proves it runs on this host as the bot's user). */
export const CLI_USER_HEADER = 'x-perpflow-user';

export interface SecurityOptions {
  readonly sessions: Sessions;
  /** The CLI's bearer token (in a 0600 file beside the host registry). */
  readonly localToken: string;
  /** Listening on loopback: a Host header naming anything else is DNS rebinding, refused. */
  readonly loopback: boolean;
}

/** Paths that answer without a session: the login itself (the page's assets are not under the API). */
const PUBLIC = new Set([`${API_PREFIX}/login`]);
const WRITES = new Set(['POST', 'PUT', 'PATCH', 'DELETE']);

function deny(reply: FastifyReply, status: 401 | 403, error: string): FastifyReply {
  return reply.code(status).header('cache-control', 'no-store').send({ error });
}

/** The Host header's name without its port ([::1]:80 → [::1]). */
function hostName(host: string | undefined): string {
  if (host === undefined) return '';
  return host.startsWith('[') ? host.slice(0, host.indexOf(']') + 1) : (host.split(':')[0] ?? '');
}

/** The origin this server is reached at, as a browser names it. */
export function ownOrigin(req: FastifyRequest): string {
  return `${req.protocol}://${req.headers.host ?? ''}`;
}

/** A browser's Origin, when it sent one, must be this server's own: no other site may drive it. */
export function foreignOrigin(req: FastifyRequest): boolean {
  const origin = req.headers.origin;
  return origin !== undefined && origin !== ownOrigin(req);
}

const isLoopbackIp = (ip: string | undefined): boolean =>
  ip !== undefined && (ip === '::1' || /^(::ffff:)?127\.\d+\.\d+\.\d+$/.test(ip));

function bearer(req: FastifyRequest): string | undefined {
  const h = req.headers.authorization;
  return h?.startsWith('Bearer ') ? h.slice(7) : undefined;
}

function cliPrincipal(req: FastifyRequest): Principal {
  const raw = req.headers[CLI_USER_HEADER];
  const name = typeof raw === 'string' && /^[\w.@-]{1,64}$/.test(raw) ? raw : 'unknown';
  return { user: name, role: 'operator', via: 'cli' };
}

const sessionPrincipal = (s: Session): Principal => ({
  user: s.user,
  role: s.role,
  via: 'console',
  sessionId: s.id,
  csrfToken: s.csrfToken,
});

/**
 * Every request, before its route: fails closed. On loopback the Host must be loopback too.
 * Under /api/v1 a request needs a session (cookie) or the CLI's token; a write with a session
 * needs the CSRF header and no foreign Origin; a viewer cannot write (403).
 */
export function securityHook(o: SecurityOptions) {
  return async (req: FastifyRequest, reply: FastifyReply): Promise<void> => {
    if (o.loopback && !isLoopbackHost(hostName(req.headers.host))) {
      await deny(reply, 403, 'this console answers on its loopback address only');
      return;
    }
    const path = req.url.split('?')[0] ?? '';
    if (!path.startsWith(`${API_PREFIX}/`) || PUBLIC.has(path)) return;
    const token = bearer(req);
    let p: Principal | undefined;
    // The CLI's token is read from a file on this host: from anywhere else it is no credential.
    if (token !== undefined)
      p =
        isLoopbackIp(req.socket.remoteAddress) && sameToken(token, o.localToken)
          ? cliPrincipal(req)
          : undefined;
    else {
      const s = o.sessions.find(req.cookies[SESSION_COOKIE]);
      p = s === undefined ? undefined : sessionPrincipal(s);
    }
    if (p === undefined) {
      await deny(reply, 401, 'log in first');
      return;
    }
    if (WRITES.has(req.method) && p.via === 'console') {
      const csrf = req.headers['x-csrf-token'];
      if (typeof csrf !== 'string' || p.csrfToken === undefined || !sameToken(csrf, p.csrfToken)) {
        await deny(reply, 403, 'missing or wrong x-csrf-token (GET /api/v1/session gives it)');
        return;
      }
      if (foreignOrigin(req)) {
        await deny(reply, 403, 'cross-origin write refused');
        return;
      }
    }
    if (WRITES.has(req.method) && p.role !== 'operator' && path !== `${API_PREFIX}/logout`) {
      await deny(reply, 403, `${p.user} is a viewer: reads only`);
      return;
    }
    setPrincipal(req, p);
  };
}

import type { FastifyInstance, FastifyReply } from 'fastify';
import type { ApiContext } from './apiContext.ts';
import { API_PREFIX } from './contract.ts';
import { verifyPassword } from './passwordHash.ts';
import { principalOf } from './principal.ts';
import { foreignOrigin, SESSION_COOKIE } from './security.ts';
import type { Session } from './sessions.ts';

/** A hash to verify against when the user is unknown: the answer takes as long as for a known one. */
const DECOY = 'scrypt$32768$8$1$AAAAAAAAAAAAAAAAAAAAAA$AAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAAA';

/** Sets the session cookie: httpOnly, SameSite=Strict, Secure under TLS, for the whole site. */
export function setSessionCookie(reply: FastifyReply, c: ApiContext, s: Session): void {
  reply.setCookie(SESSION_COOKIE, s.id, {
    httpOnly: true,
    sameSite: 'strict',
    secure: c.secureCookie,
    path: '/',
  });
}

/** POST /login, GET /login?token= (the loopback link), POST /logout, GET /session. */
export function authRoutes(app: FastifyInstance, c: ApiContext): void {
  const p = API_PREFIX;
  app.post<{ Body: { user?: unknown; password?: unknown } }>(`${p}/login`, async (req, reply) => {
    // Another site's page may not log a visitor in (login CSRF): the browser names its origin.
    if (foreignOrigin(req)) return reply.code(403).send({ error: 'cross-origin login refused' });
    const wait = c.throttle.waitMs(req.ip);
    if (wait > 0)
      return reply
        .code(429)
        .header('retry-after', String(Math.ceil(wait / 1000)))
        .send({ error: `too many failed logins: wait ${Math.ceil(wait / 1000)} s` });
    const body = req.body ?? {};
    const name = typeof body.user === 'string' ? body.user : '';
    const password = typeof body.password === 'string' ? body.password : '';
    const user = c.users.find((u) => u.name === name);
    const ok = await verifyPassword(password, user?.passwordHash ?? DECOY);
    if (user === undefined || !ok) {
      c.throttle.failed(req.ip);
      return reply.code(401).send({ error: 'wrong user or password' });
    }
    c.throttle.succeeded(req.ip);
    const s = c.sessions.open(user.name, user.role);
    setSessionCookie(reply, c, s);
    return { user: s.user, role: s.role, csrfToken: s.csrfToken };
  });
  app.get<{ Querystring: { token?: string } }>(`${p}/login`, async (req, reply) => {
    const s = c.sessions.spendLink(req.query.token ?? '');
    if (s === undefined) return reply.code(401).send({ error: 'this login link is used or expired' });
    setSessionCookie(reply, c, s);
    return reply.redirect('/', 303);
  });
  app.post(`${p}/logout`, async (req, reply) => {
    const id = principalOf(req)?.sessionId;
    c.sessions.close(id);
    if (id !== undefined) c.hub.closeSession(id);
    reply.clearCookie(SESSION_COOKIE, { path: '/' });
    return { loggedOut: true };
  });
  app.get(`${p}/session`, async (req) => {
    const who = principalOf(req);
    return { user: who?.user, role: who?.role, csrfToken: who?.csrfToken ?? null };
  });
}

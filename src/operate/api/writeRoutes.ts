import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import { actionSchema } from './actionSchema.ts';
import type { ApiContext } from './apiContext.ts';
import { API_PREFIX, type PushMessage } from './contract.ts';
import { actorOf, principalOf } from './principal.ts';
import { foreignOrigin } from './security.ts';
import { accountView, botView, positionViews, strategyViews } from './views.ts';

/** POST /actions (the operator's actions) and GET /events (the push channel). */
export function writeRoutes(app: FastifyInstance, c: ApiContext): void {
  const p = API_PREFIX;
  app.post(`${p}/actions`, async (req, reply) => {
    const who = principalOf(req);
    if (who === undefined) return reply.code(401).send({ error: 'log in first' });
    const parsed = actionSchema.safeParse(req.body);
    if (!parsed.success) return reply.code(400).send({ error: z.prettifyError(parsed.error) });
    const outcome = await c.kernel.operator.act(parsed.data, actorOf(req, who));
    return reply.code(outcome.status === 'refused' ? 409 : 200).send(outcome);
  });
  app.get(`${p}/events`, async (req, reply) => {
    const who = principalOf(req);
    if (who === undefined) return reply.code(401).send({ error: 'log in first' });
    if (foreignOrigin(req)) return reply.code(403).send({ error: 'push from another origin refused' });
    const k = c.kernel;
    const first: PushMessage[] = [
      { type: 'bot', data: botView(k, c.identity) },
      { type: 'account', data: accountView(k) },
      { type: 'positions', data: positionViews(k) },
      ...strategyViews(k, c.state).map((s): PushMessage => ({ type: 'strategy', data: s })),
    ];
    reply.hijack();
    c.hub.add(reply.raw, who.sessionId ?? 'cli', first);
    return reply;
  });
}

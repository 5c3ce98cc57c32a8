import type { FastifyInstance } from 'fastify';
import type { ApiContext } from './apiContext.ts';
import { API_PREFIX } from './contract.ts';

/**
 * GET /api/v1/drift: live against its shadow (`shadow:` in the config), the report `perpflow
 * status` prints, as JSON. Read-only; 404 when this bot shadows nothing.
 */
export function driftRoute(app: FastifyInstance, c: ApiContext): void {
  app.get(`${API_PREFIX}/drift`, async (_req, reply) =>
    c.drift === undefined
      ? reply.code(404).send({ error: 'this bot shadows no strategy (shadow: in its config)' })
      : c.drift(),
  );
}

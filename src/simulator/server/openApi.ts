import { z } from 'zod';
import type { Route } from '../http/types.ts';

const envelope = (data: Record<string, unknown> = {}) => ({
  type: 'object',
  required: ['success', 'statusMessage', 'data'],
  properties: {
    success: { type: 'boolean' },
    statusMessage: { type: 'string' },
    data: data,
    error: { type: 'object', properties: { code: { type: 'string' }, message: { type: 'string' } } },
  },
});

const errorResponses = {
  '400': {
    description: 'Invalid body or query (code VALIDATION, field-level message) or a business rule',
    content: { 'application/json': { schema: envelope() } },
  },
  '401': { description: 'Credential missing, malformed, unknown, revoked or expired' },
  '403': { description: 'Subaccount not enabled for API access, or the key lacks the permission' },
  '404': { description: 'Unknown id (or not indexed yet)' },
};

function queryParameters(schema: z.ZodType | undefined) {
  if (!schema) return [];
  const json = z.toJSONSchema(schema, { io: 'input', unrepresentable: 'any' });
  return Object.entries(json.properties ?? {}).map(([name, s]) => ({
    name,
    in: 'query',
    required: json.required?.includes(name) ?? false,
    schema: s,
  }));
}

function pathParameters(path: string) {
  return [...path.matchAll(/\{(\w+)\}/g)].map((m) => ({
    name: m[1],
    in: 'path',
    required: true,
    schema: { type: 'string' },
  }));
}

/** The OpenAPI 3.1 document of every route, generated from the same zod schemas that validate. */
export function openApiDocument(routes: readonly Route[]) {
  const paths: Record<string, Record<string, unknown>> = {};
  for (const r of routes) {
    const op: Record<string, unknown> = {
      tags: [r.tag],
      summary: r.summary,
      ...(r.permission
        ? { description: `Needs the ${r.permission} permission (or ALL) on the subaccount.` }
        : {}),
      security:
        r.auth === 'jwt'
          ? [{ sessionJwt: [] }]
          : r.auth === 'key'
            ? [{ apiKey: [] }]
            : r.auth === 'jwtOrKey'
              ? [{ sessionJwt: [] }, { apiKey: [] }]
              : [],
      parameters: [...pathParameters(r.path), ...queryParameters(r.query)],
      responses: {
        [String(r.status ?? 200)]: {
          description: 'Envelope with data',
          content: { 'application/json': { schema: envelope() } },
        },
        ...errorResponses,
      },
    };
    if (r.body)
      op.requestBody = {
        required: true,
        content: {
          'application/json': { schema: z.toJSONSchema(r.body, { io: 'input', unrepresentable: 'any' }) },
        },
      };
    const operations = paths[r.path] ?? {};
    operations[r.method.toLowerCase()] = op;
    paths[r.path] = operations;
  }
  return {
    openapi: '3.1.0',
    info: {
      title: 'perpflow venue simulator',
      version: '1',
      description:
        'A faithful local implementation of the perpetual-futures RFQ venue (venue-http-interface.md, venue-contract.md).',
    },
    components: {
      securitySchemes: {
        sessionJwt: { type: 'http', scheme: 'bearer', bearerFormat: 'JWT' },
        apiKey: { type: 'apiKey', in: 'header', name: 'x-api-key' },
      },
    },
    paths,
  };
}

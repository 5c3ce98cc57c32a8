import { z } from 'zod';
import { ADDRESS_PATTERN } from '../../domain/ids.ts';
import { VenueFacts } from '../../domain/venueFacts.ts';
import { envRef } from '../envReference.ts';
import { envReferenceable, secret } from '../jsonInputForm.ts';
import { millis, positiveInt, positiveNumber, venueUrl } from '../primitives.ts';

const API_KEY = /^ix\.[0-9a-fA-F]{64}$/;

export const venueSchema = z
  .strictObject({
    url: envReferenceable(venueUrl())
      .nullable()
      .default(null)
      .describe(
        'Base URL of the venue (https://…; http only to loopback). null runs the embedded simulator.',
      ),
    chainId: positiveInt()
      .default(VenueFacts.defaultChainId)
      .describe(`Chain the subaccount lives on (${VenueFacts.defaultChainId} = Arbitrum One).`),
    solver: z
      .string({ error: `expected a solver name like ${VenueFacts.defaultSolver}` })
      .regex(/^[A-Z0-9_]{2,40}$/, { error: 'expected a solver name of upper-case letters, digits and _' })
      .default(VenueFacts.defaultSolver)
      .describe('The solver that quotes and fills requests.'),
    subaccount: envReferenceable(
      z
        .string({ error: 'expected a subaccount address (0x + 40 hex digits)' })
        .regex(ADDRESS_PATTERN, { error: 'expected a subaccount address: 0x followed by 40 hex digits' })
        .transform((s) => s.toLowerCase()),
    )
      .nullable()
      .default(null)
      .describe(
        'Subaccount address, 0x + 40 hex. Required in live mode; optional on the embedded simulator.',
      ),
    apiKey: secret(
      z
        .string({ error: `expected an API key reference like ${envRef('PERPFLOW_API_KEY')}` })
        .regex(API_KEY, { error: 'expected an API key of the form ix. followed by 64 hex digits' }),
    )
      .nullable()
      .default(null)
      .describe(`API key, always as a reference: ${envRef('PERPFLOW_API_KEY')}. Resolves to ix. + 64 hex.`),
    timeoutMs: millis(100, 120_000).default(10_000).describe('Per-request timeout in milliseconds.'),
    requestsPerSecond: positiveNumber(1000)
      .default(10)
      .describe('Client-side token bucket refill rate, requests per second.'),
    burst: positiveInt(10_000).default(20).describe('Client-side token bucket size.'),
  })
  .describe('The venue to trade on, or the embedded simulator.');

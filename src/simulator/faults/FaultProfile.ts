import { readFileSync } from 'node:fs';
import { parse } from 'yaml';
import { z } from 'zod';
import { ConfigError } from '../../errors/ConfigError.ts';

const rate = z.number().min(0).max(1);
const range = z
  .strictObject({ min: z.number().int().min(0), max: z.number().int().min(0) })
  .refine((r) => r.min <= r.max, { message: 'min must not exceed max' });

/**
 * Seeded, reproducible faults; every field defaults to "off". Rates are probabilities per
 * request (or per fill for the solver ones).
 */
export const FaultProfileSchema = z.strictObject({
  /** Seed of the fault dice; defaults to the simulator seed. */
  seed: z.number().int().optional(),
  /** Extra latency added to every /v1 request, uniform in [min, max] ms. */
  latencyMs: range.optional(),
  /** Share of /v1 requests answered 503 before they are handled. */
  errorRate: rate.default(0),
  /** Bursts of 429 with Retry-After: each request starts a burst with `burstRate`, lasting `burstLength` requests. */
  rateLimit: z
    .strictObject({
      burstRate: rate,
      burstLength: z.number().int().min(1).default(5),
      retryAfterSeconds: z.number().int().min(0).default(1),
    })
    .optional(),
  /** Share of accepted submits whose response is dropped after the trade happened (connection reset). */
  dropResponseRate: rate.default(0),
  /** A freshly accepted request id answers 404 for this long (indexing lag). */
  indexingLagMs: z.number().int().min(0).default(0),
  /** Share of fills the solver refuses (FAILED with errorCode 4006). */
  solverRefusalRate: rate.default(0),
  /** Share of fills slowed down by `extraMs`. */
  slowFills: z.strictObject({ rate, extraMs: z.number().int().min(0) }).optional(),
});
export type FaultProfile = z.input<typeof FaultProfileSchema>;
export type ResolvedFaultProfile = z.output<typeof FaultProfileSchema>;

export const NO_FAULTS: ResolvedFaultProfile = FaultProfileSchema.parse({});

/** Validates a profile; errors name the source (file) and the key. */
export function resolveFaultProfile(input: unknown, source = 'fault profile'): ResolvedFaultProfile {
  const parsed = FaultProfileSchema.safeParse(input ?? {});
  if (parsed.success) return parsed.data;
  const lines = parsed.error.issues.map((i) => `${source}: ${i.path.join('.') || '(root)'}: ${i.message}`);
  throw new ConfigError(lines.join('\n'));
}

/** Reads a YAML fault profile (config/faults/*.yaml). */
export function loadFaultProfile(file: string): ResolvedFaultProfile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    throw new ConfigError(`${file}: cannot read the fault profile (${(e as Error).message})`);
  }
  let doc: unknown;
  try {
    doc = parse(text);
  } catch (e) {
    throw new ConfigError(`${file}: not valid YAML (${(e as Error).message})`);
  }
  return resolveFaultProfile(doc, file);
}

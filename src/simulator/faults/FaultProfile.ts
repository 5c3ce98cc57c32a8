import { readFileSync } from 'node:fs';
import { LineCounter, parseDocument } from 'yaml';
import { z } from 'zod';
import { IssueLocator } from '../../config/issueLocator.ts';
import { messageFor } from '../../config/issueMessages.ts';
import { yamlProblems } from '../../config/yamlProblems.ts';
import { zodProblems } from '../../config/zodProblems.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import { errnoCode } from '../../errors/errnoCode.ts';

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
  /**
   * Share of /v1 requests whose answer leaves `ms` after the request was handled: longer than
   * the client's time-out, a submit that happened looks lost and a read fails.
   */
  slowResponses: z.strictObject({ rate, ms: z.number().int().min(0) }).optional(),
  /** Share of /v1 requests handled only `ms` after they arrived (the venue acts after the client gave up). */
  lateArrivals: z.strictObject({ rate, ms: z.number().int().min(0) }).optional(),
  /** Share of API-key requests (submits and reads) answered 401, before they are handled. */
  unauthorizedRate: rate.default(0),
  /** Share of API-key requests (submits and reads) answered 403, before they are handled. */
  forbiddenRate: rate.default(0),
  /** The positions list leaves out positions younger than this (a lagging read replica). */
  positionsLagMs: z.number().int().min(0).default(0),
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

/**
 * Reads a YAML fault profile (config/faults/*.yaml). Problems are reported like config files':
 * `file:line:col key: message`, every one at once.
 */
export function loadFaultProfile(file: string): ResolvedFaultProfile {
  let text: string;
  try {
    text = readFileSync(file, 'utf8');
  } catch (e) {
    const code = errnoCode(e);
    const reason = code === 'ENOENT' ? 'no such fault profile' : `cannot read the fault profile (${code})`;
    throw new ConfigError([{ location: { file }, path: '', message: reason }], { cause: e });
  }
  const lines = new LineCounter();
  const doc = parseDocument(text, { lineCounter: lines, prettyErrors: false, uniqueKeys: true });
  const syntax = yamlProblems(doc, lines, file, text);
  if (syntax.length > 0) throw new ConfigError(syntax);
  const locator = new IssueLocator(doc, lines, file);
  const data: unknown = doc.toJS() ?? {};
  const parsed = FaultProfileSchema.safeParse(data, { error: messageFor });
  if (parsed.success) return parsed.data;
  throw new ConfigError(
    zodProblems(parsed.error.issues, { locator, schema: FaultProfileSchema, prefix: [], data }),
  );
}

import { hash } from 'node:crypto';
import type { Clock } from '../../clock/Clock.ts';
import { isRecord } from '../../domain/isRecord.ts';
import { fail } from '../http/envelope.ts';
import type { SimHttpRequest, SimHttpResponse } from '../http/types.ts';
import { createRng, type Rng } from '../rng.ts';
import type { ResolvedFaultProfile } from './FaultProfile.ts';

/** What a transport must do: send the response, or reset the connection after the fact. */
export type Outcome =
  | { readonly kind: 'response'; readonly response: SimHttpResponse }
  | { readonly kind: 'drop' };

const isSubmit = (req: SimHttpRequest): boolean =>
  req.method === 'POST' && (req.path.startsWith('/v1/trade/') || req.path === '/v1/tpsl/set');

/**
 * Applies the transport faults of a profile around the core handler, identically for HTTP and
 * in process. The dice are seeded, so the same requests meet the same faults.
 */
export class FaultInjector {
  private readonly profile: ResolvedFaultProfile;
  private readonly clock: Clock;
  private readonly rng: Rng;
  /** 429s left in the running burst, per credential: one bot's burst does not throttle another's. */
  private readonly burstLeft = new Map<string, number>();

  /** True when the profile injects nothing at the transport: dispatch may skip apply(). */
  readonly idle: boolean;

  constructor(profile: ResolvedFaultProfile, clock: Clock, seed: number) {
    this.profile = profile;
    this.idle =
      !profile.latencyMs &&
      !profile.rateLimit &&
      profile.errorRate === 0 &&
      profile.dropResponseRate === 0 &&
      !profile.slowResponses &&
      !profile.lateArrivals &&
      profile.unauthorizedRate === 0 &&
      profile.forbiddenRate === 0 &&
      profile.positionsLagMs === 0;
    this.clock = clock;
    this.rng = createRng(profile.seed ?? seed);
  }

  async apply(req: SimHttpRequest, handle: (r: SimHttpRequest) => SimHttpResponse): Promise<Outcome> {
    const p = this.profile;
    if (!req.path.startsWith('/v1/')) return { kind: 'response', response: handle(req) };
    if (p.latencyMs) await this.clock.sleep(this.rng.int(p.latencyMs.min, p.latencyMs.max));
    if (p.rateLimit) {
      // A digest, not the credential: the table outlives the request.
      const caller = hash('sha256', req.headers['x-api-key'] ?? req.headers.authorization ?? '');
      let left = this.burstLeft.get(caller) ?? 0;
      if (left === 0 && this.rng.next() < p.rateLimit.burstRate) left = p.rateLimit.burstLength;
      if (left > 0) {
        if (left === 1) this.burstLeft.delete(caller);
        else this.burstLeft.set(caller, left - 1);
        const retry = String(p.rateLimit.retryAfterSeconds);
        return {
          kind: 'response',
          response: fail(429, 'RATE_LIMITED', `rate limited: retry after ${retry} s`, {
            'retry-after': retry,
          }),
        };
      }
    }
    if (p.errorRate > 0 && this.rng.next() < p.errorRate)
      return { kind: 'response', response: fail(503, 'UNAVAILABLE', 'the venue is temporarily unavailable') };
    const auth = this.authFault(req);
    if (auth !== undefined) return { kind: 'response', response: auth };
    if (p.lateArrivals && this.rng.next() < p.lateArrivals.rate) await this.clock.sleep(p.lateArrivals.ms);
    let response = handle(req);
    if (p.positionsLagMs > 0 && req.method === 'GET' && req.path === '/v1/positions/all')
      response = withoutYoungPositions(response, this.clock.now() - p.positionsLagMs);
    if (p.slowResponses && this.rng.next() < p.slowResponses.rate) await this.clock.sleep(p.slowResponses.ms);
    if (
      p.dropResponseRate > 0 &&
      isSubmit(req) &&
      response.status === 201 &&
      this.rng.next() < p.dropResponseRate
    )
      return { kind: 'drop' };
    return { kind: 'response', response };
  }

  /** 401 or 403 to an API-key request, as a revoked key or a withdrawn delegation would get. */
  private authFault(req: SimHttpRequest): SimHttpResponse | undefined {
    const p = this.profile;
    if (req.headers['x-api-key'] === undefined) return undefined;
    if (p.unauthorizedRate > 0 && this.rng.next() < p.unauthorizedRate)
      return fail(401, 'UNAUTHORIZED', 'invalid or revoked API key');
    if (p.forbiddenRate > 0 && this.rng.next() < p.forbiddenRate)
      return fail(403, 'FORBIDDEN', 'the API key lacks the permission for this subaccount');
    return undefined;
  }
}

/** The positions list as a lagging replica shows it: rows created after `visibleUntil` are not there yet. */
function withoutYoungPositions(res: SimHttpResponse, visibleUntil: number): SimHttpResponse {
  if (res.status !== 200) return res;
  const env: unknown = JSON.parse(res.body);
  if (!isRecord(env) || !Array.isArray(env.data)) return res;
  const rows: readonly unknown[] = env.data;
  const visible = rows.filter(
    (r) => isRecord(r) && typeof r.createdAt === 'number' && r.createdAt <= visibleUntil,
  );
  return { ...res, body: JSON.stringify({ ...env, data: visible }) };
}

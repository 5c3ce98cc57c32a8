import type { FaultProfile } from '../../src/simulator/faults/FaultProfile.ts';
import type { Rng } from '../../src/simulator/rng.ts';

/** The venue client's time-out (venueHttp.ts): slow answers are drawn beyond it. */
export const CLIENT_TIMEOUT_MS = 10_000;

/**
 * A random fault profile: transport errors, 429 bursts, lost answers, indexing lag, solver
 * refusals, answers and arrivals slower than the client's time-out, 401/403 on submits and
 * reads, and a positions list that lags.
 */
export function randomFaults(rng: Rng): FaultProfile {
  const on = (p: number): boolean => rng.next() < p;
  return {
    ...(on(0.5) ? { latencyMs: { min: 0, max: rng.int(1, 40) } } : {}),
    errorRate: on(0.4) ? rng.int(1, 10) / 100 : 0,
    ...(on(0.3)
      ? { rateLimit: { burstRate: rng.int(1, 5) / 100, burstLength: rng.int(1, 3), retryAfterSeconds: 1 } }
      : {}),
    dropResponseRate: on(0.5) ? rng.int(5, 30) / 100 : 0,
    indexingLagMs: on(0.4) ? rng.int(100, 3_000) : 0,
    solverRefusalRate: on(0.4) ? rng.int(5, 25) / 100 : 0,
    ...(on(0.3)
      ? { slowResponses: { rate: rng.int(2, 15) / 100, ms: CLIENT_TIMEOUT_MS + rng.int(1, 5_000) } }
      : {}),
    ...(on(0.2)
      ? { lateArrivals: { rate: rng.int(2, 10) / 100, ms: CLIENT_TIMEOUT_MS + rng.int(1, 5_000) } }
      : {}),
    unauthorizedRate: on(0.1) ? rng.int(1, 5) / 100 : 0,
    forbiddenRate: on(0.1) ? rng.int(1, 5) / 100 : 0,
    positionsLagMs: on(0.3) ? rng.int(100, 3_000) : 0,
  };
}

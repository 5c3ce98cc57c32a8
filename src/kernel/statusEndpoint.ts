import { Gauge } from 'prom-client';
import type { Logger } from '../log/Logger.ts';
import { describeError } from '../log/redact.ts';
import { type Health, type StatusServer, serveStatus } from '../report/metrics/serveStatus.ts';
import type { Kernel } from './Kernel.ts';

/** What /health says of a running kernel: halted, degraded (not reconciled, stale prices, halts) or ok. */
export function healthOf(k: Kernel): Health {
  const ex = k.executor;
  const stale = k.markets.filter((m) => k.feed.isStale(m));
  const state = ex.gate.state;
  const status =
    state === 'halted' ? 'halted' : !ex.ready || stale.length > 0 || state !== 'active' ? 'degraded' : 'ok';
  return {
    status,
    detail: {
      mode: k.config.mode,
      role: 'active',
      trading: state,
      reconciled: ex.ready,
      unresolved: ex.unresolved().length,
      stalePrices: stale.join(','),
      openPositions: ex.ledger.openLots().length,
    },
  };
}

/**
 * The /health and /metrics endpoint on loopback when the config turns it on (default: on in
 * sim and dry-run, off live). A port already taken is logged and the bot runs on without it:
 * the window is for the operator, trading must not depend on it.
 */
export async function statusEndpoint(k: Kernel, log: Logger): Promise<StatusServer | undefined> {
  const { enabled, port } = k.config.status;
  if (!(enabled ?? k.config.mode !== 'live')) return undefined;
  // A standby answers the same gauge with role="standby" (standby.ts) until it takes over.
  new Gauge({
    name: 'perpflow_journal_role',
    help: 'This instance: active or standby.',
    labelNames: ['role'],
    registers: [k.metrics.registry],
  })
    .labels('active')
    .set(1);
  try {
    const server = await serveStatus({ registry: k.metrics.registry, health: () => healthOf(k), port });
    log.info(`status: ${server.url}/health and ${server.url}/metrics`);
    return server;
  } catch (e) {
    log.warn(`status endpoint not started (port ${port}): ${describeError(e)}`);
    return undefined;
  }
}

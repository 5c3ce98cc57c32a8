import { Counter, collectDefaultMetrics, Gauge, Histogram, Registry } from 'prom-client';
import { Tally } from './Tally.ts';

/**
 * perpflow's Prometheus metrics on a registry of their own (never the global one, so two bots or
 * two tests in one process do not mix). The kernel feeds them from the executor's events; nothing
 * here reads a clock or knows a mode. Label values are strategy ids, market symbols, request kinds
 * and statuses: never a key, an address or free text.
 */
export function createMetrics(o: { readonly processMetrics?: boolean } = {}) {
  const registry = new Registry();
  if (o.processMetrics ?? true) collectDefaultMetrics({ register: registry, prefix: 'perpflow_' });
  const registers = [registry];
  const [requests, requestCounts] = tallied(
    'perpflow_requests_total',
    'Venue requests reaching a status, by request kind and status.',
    ['kind', 'status'],
    registers,
  );
  const [fills, fillCounts] = tallied(
    'perpflow_fills_total',
    'Fills applied to the ledger, by strategy and market.',
    ['strategy', 'market'],
    registers,
  );
  return {
    registry,
    intents: new Counter({
      name: 'perpflow_intents_total',
      help: 'Intents received from strategies, by strategy and outcome (accepted, denied, duplicate).',
      labelNames: ['strategy', 'outcome'] as const,
      registers,
    }),
    denials: new Counter({
      name: 'perpflow_intent_denials_total',
      help: 'Intents the risk gate or the executor denied, by strategy and reason.',
      labelNames: ['strategy', 'reason'] as const,
      registers,
    }),
    requests,
    /** Counts of `requests` by kind and status, kept cheaply and added to it when it is collected. */
    requestCounts,
    inFlight: new Gauge({
      name: 'perpflow_requests_in_flight',
      help: 'Requests not yet terminal (sent, accepted or unknown).',
      registers,
    }),
    polls: new Counter({
      name: 'perpflow_status_polls_total',
      help: 'Status polls sent to the venue.',
      registers,
    }),
    priceReads: new Counter({
      name: 'perpflow_price_polls_total',
      help: 'Mark-price polls, by outcome (ok, failed, skipped).',
      labelNames: ['outcome'] as const,
      registers,
    }),
    venueLatency: new Histogram({
      name: 'perpflow_venue_request_seconds',
      help: 'Round trip of venue calls, by operation.',
      labelNames: ['operation'] as const,
      buckets: [0.005, 0.01, 0.025, 0.05, 0.1, 0.25, 0.5, 1, 2.5, 5, 10],
      registers,
    }),
    fills,
    /** Counts of `fills` by strategy and market, kept cheaply and added to it when it is collected. */
    fillCounts,
    pnl: new Gauge({
      name: 'perpflow_pnl',
      help: 'Profit and loss in the quote currency, by kind (realised, unrealised, fees, funding).',
      labelNames: ['kind'] as const,
      registers,
    }),
    exposure: new Gauge({
      name: 'perpflow_exposure_notional',
      help: 'Open notional at the latest mark, by market and side.',
      labelNames: ['market', 'side'] as const,
      registers,
    }),
    riskState: new Gauge({
      name: 'perpflow_risk_state',
      help: 'Trading state: 1 for the current state (active, reducing, halted), 0 for the others.',
      labelNames: ['state'] as const,
      registers,
    }),
    priceStale: new Gauge({
      name: 'perpflow_price_stale',
      help: '1 while the prices of a market are stale (new exposure blocked), else 0.',
      labelNames: ['market'] as const,
      registers,
    }),
    alerts: new Counter({
      name: 'perpflow_alerts_total',
      help: 'Alerts raised, by severity and code.',
      labelNames: ['severity', 'code'] as const,
      registers,
    }),
    journalCommit: new Histogram({
      name: 'perpflow_journal_commit_seconds',
      help: 'Journal commit latency (write-ahead, fsync included).',
      buckets: [0.0001, 0.0005, 0.001, 0.0025, 0.005, 0.01, 0.025, 0.05, 0.1],
      registers,
    }),
  };
}

export type Metrics = ReturnType<typeof createMetrics>;

/** A two-label counter and the tally that feeds it when the registry collects (Tally.ts says why). */
function tallied<A extends string, B extends string>(
  name: string,
  help: string,
  labels: readonly [A, B],
  registers: Registry[],
): [Counter<A | B>, Tally<A, B>] {
  const counter: Counter<A | B> = new Counter({
    name,
    help,
    labelNames: labels,
    registers,
    collect: () => tally.flush(),
  });
  const tally = new Tally(counter, labels[0], labels[1]);
  return [counter, tally];
}

const RISK_STATES = ['active', 'reducing', 'halted'] as const;

/** Sets the one-hot trading-state gauge. */
export function setRiskState(m: Metrics, state: (typeof RISK_STATES)[number]): void {
  for (const s of RISK_STATES) m.riskState.set({ state: s }, s === state ? 1 : 0);
}

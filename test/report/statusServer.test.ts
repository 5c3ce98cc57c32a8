import { afterEach, describe, expect, it } from 'vitest';
import { createMetrics, setRiskState } from '../../src/report/metrics/createMetrics.ts';
import { type Health, type StatusServer, serveStatus } from '../../src/report/metrics/serveStatus.ts';
import { parsePromText } from './parsePromText.ts';

let server: StatusServer | undefined;
afterEach(async () => {
  await server?.close();
  server = undefined;
});

describe('status endpoint (/health, /metrics)', () => {
  it('serves the metrics as valid Prometheus text carrying the values recorded', async () => {
    const m = createMetrics();
    m.intents.inc({ strategy: 'sma-cross', outcome: 'accepted' }, 3);
    m.denials.inc({ strategy: 'grid', reason: 'MAX_OPEN_POSITIONS' });
    m.requests.inc({ kind: 'open', status: 'FILLED' }, 2);
    m.venueLatency.observe({ operation: 'openPosition' }, 0.012);
    m.pnl.set({ kind: 'realised' }, -12.5);
    setRiskState(m, 'reducing');
    server = await serveStatus({ registry: m.registry, health: () => ({ status: 'ok', detail: {} }) });
    const res = await fetch(`${server.url}/metrics`);
    const samples = parsePromText(await res.text());
    const value = (name: string, labels: Record<string, string>) =>
      samples.find((s) => s.name === name && Object.entries(labels).every(([k, v]) => s.labels[k] === v))
        ?.value;
    expect(res.headers.get('content-type')).toMatch(/^text\/plain; version=0\.0\.4/);
    expect({
      accepted: value('perpflow_intents_total', { strategy: 'sma-cross', outcome: 'accepted' }),
      denied: value('perpflow_intent_denials_total', { reason: 'MAX_OPEN_POSITIONS' }),
      filled: value('perpflow_requests_total', { kind: 'open', status: 'FILLED' }),
      latencyCount: value('perpflow_venue_request_seconds_count', { operation: 'openPosition' }),
      realised: value('perpflow_pnl', { kind: 'realised' }),
      reducing: value('perpflow_risk_state', { state: 'reducing' }),
      active: value('perpflow_risk_state', { state: 'active' }),
      eventLoopLagDeclared: samples.some((s) => s.name.startsWith('perpflow_nodejs_eventloop_lag')),
    }).toEqual({
      accepted: 3,
      denied: 1,
      filled: 2,
      latencyCount: 1,
      realised: -12.5,
      reducing: 1,
      active: 0,
      eventLoopLagDeclared: true,
    });
  });

  it('answers /health 200 when ok and 503 when halted, with the detail as JSON', async () => {
    let health: Health = { status: 'ok', detail: { strategies: 2 } };
    const m = createMetrics({ processMetrics: false });
    server = await serveStatus({ registry: m.registry, health: () => health });
    const ok = await fetch(`${server.url}/health`);
    health = { status: 'halted', detail: { reason: 'kill switch' } };
    const halted = await fetch(`${server.url}/health`);
    expect([ok.status, await ok.json(), halted.status, await halted.json()]).toEqual([
      200,
      { status: 'ok', detail: { strategies: 2 } },
      503,
      { status: 'halted', detail: { reason: 'kill switch' } },
    ]);
  });

  it('refuses to bind anywhere but loopback', async () => {
    const m = createMetrics({ processMetrics: false });
    await expect(
      serveStatus({ registry: m.registry, health: () => ({ status: 'ok', detail: {} }), host: '0.0.0.0' }),
    ).rejects.toThrow('the status endpoint binds to loopback only (127.0.0.1 or ::1), not 0.0.0.0');
  });
});

describe('parsePromText', () => {
  it('rejects a sample whose family was never declared', () => {
    expect(() => parsePromText('foo 1\n')).toThrow('line 1: sample of an undeclared family foo: foo 1');
  });
  it('rejects an unquoted label value', () => {
    expect(() => parsePromText('# TYPE foo gauge\nfoo{a=b} 1\n')).toThrow('line 2: bad label');
  });
});

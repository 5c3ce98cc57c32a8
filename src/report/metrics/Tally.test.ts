import { describe, expect, it } from 'vitest';
import { createMetrics } from './createMetrics.ts';

const line = (text: string, prefix: string) => text.split('\n').filter((l) => l.startsWith(prefix));

describe('Tally', () => {
  it('shows what was counted in the scraped text, once however often it is scraped', async () => {
    const m = createMetrics({ processMetrics: false });
    m.requestCounts.inc('open', 'FILLED');
    m.requestCounts.inc('open', 'FILLED');
    m.requestCounts.inc('close', 'ACCEPTED');
    m.requests.inc({ kind: 'open', status: 'FILLED' });
    expect(line(await m.registry.metrics(), 'perpflow_requests_total{')).toEqual([
      'perpflow_requests_total{kind="open",status="FILLED"} 3',
      'perpflow_requests_total{kind="close",status="ACCEPTED"} 1',
    ]);
    m.requestCounts.inc('close', 'ACCEPTED');
    m.fillCounts.inc('sma', 'BTCUSDT');
    const text = await m.registry.metrics();
    expect(line(text, 'perpflow_requests_total{')).toEqual([
      'perpflow_requests_total{kind="open",status="FILLED"} 3',
      'perpflow_requests_total{kind="close",status="ACCEPTED"} 2',
    ]);
    expect(line(text, 'perpflow_fills_total{')).toEqual([
      'perpflow_fills_total{strategy="sma",market="BTCUSDT"} 1',
    ]);
  });
});

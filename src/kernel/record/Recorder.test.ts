import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { MemoryLines } from '../../../test/kernel/support/MemoryLines.ts';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { FillId, MarketSymbol } from '../../domain/ids.ts';
import type { Intent } from '../../domain/intent.ts';
import { dec } from '../../domain/money.ts';
import { OutcomeUnknownError, TransientVenueError } from '../../errors/venueErrors.ts';
import { sampleOpenRecord } from '../../journal/testRecord.ts';
import { Recorder } from './Recorder.ts';
import { RecordFile } from './RecordFile.ts';
import { decodeValue, encodeValue } from './recordCodec.ts';
import { recordingText } from './recordingText.ts';

const KEY = `ix.${'ab12'.repeat(16)}`;

describe('Recorder', () => {
  it('masks a secret of the run wherever it shows, even in a shape the redactor does not know', () => {
    const sink = new MemoryLines();
    const rec = new Recorder(sink, new VirtualClock(), ['s3cret-session-token']);
    rec.call('v', 'positions', [], 0, { e: new Error(`refused: key ${KEY}, session s3cret-session-token`) });
    rec.call('v', 'balance', [{ note: 's3cret-session-token' }], 0, { r: null });
    const text = sink.lines.join('\n');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('s3cret-session-token');
  });

  it('keeps what the core decides by from an error: class, venue code, HTTP status, Retry-After', () => {
    const sink = new MemoryLines();
    const clock = new VirtualClock(1_000);
    const rec = new Recorder(sink, clock, []);
    rec.call('v', 'positions', [], 1_000, {
      e: new TransientVenueError('HTTP 429', { status: 429, retryAfterMs: 1_000 }),
    });
    rec.call('v', 'submit', [], 990, { e: new OutcomeUnknownError('no answer within 10000 ms') });
    const [a, b] = sink.lines.map((l) => decodeValue<{ d: number; e: Record<string, unknown> }>(l));
    expect(a?.e).toEqual({ n: 'TransientVenueError', m: 'HTTP 429', s: 429, r: 1_000 });
    expect(b?.e).toEqual({ n: 'OutcomeUnknownError', m: 'no answer within 10000 ms' });
    expect(b?.d).toBe(10);
  });

  it('writes each kind of line with its own fields, at the clock time it happened', () => {
    const sink = new MemoryLines();
    const clock = new VirtualClock(5_000);
    const rec = new Recorder(sink, clock, []);
    const created = sampleOpenRecord(1, 5_000);
    const fill = {
      fillId: FillId('f1'),
      clientRequestId: created.clientRequestId,
      strategyId: created.strategyId,
      quoteId: null,
      symbol: created.symbol,
      side: 'LONG' as const,
      effect: 'open' as const,
      quantity: dec('0.01'),
      price: dec('100'),
      fee: dec('0.01'),
      ts: 5_000,
    };
    const intent = {
      kind: 'open',
      intentId: created.intentId,
      strategyId: created.strategyId,
    } as unknown as Intent;
    rec.prices(4_990, [
      { symbol: MarketSymbol('BTCUSDT'), mark: 100, ts: 4_000 },
      { symbol: MarketSymbol('ETHUSDT'), mark: 10, ts: 4_001, last: 11 },
    ]);
    rec.call('v', 'positions', [1], 4_980, { r: [] });
    rec.intent(intent);
    const transition = {
      type: 'requestTransition',
      clientRequestId: created.clientRequestId,
      record: created,
    } as const;
    rec.event({ ...transition, from: 'CREATED', to: 'SUBMITTING' });
    rec.event({ ...transition, from: 'SUBMITTING', to: 'ACCEPTED' });
    rec.event({ type: 'fillApplied', fill });
    rec.event({ type: 'intentDenied', intent, reason: 'RISK_LIMIT' as never, message: 'too big' });
    rec.event({ type: 'intentDuplicate', intentId: created.intentId });
    rec.stop();
    rec.job('rebalance');
    rec.journalAtStart(3);
    rec.late(4_000, 12);
    rec.signal('halt');
    const action = { kind: 'closeAll', actionId: 'a1' } as const;
    const by = { via: 'cli', name: 'ops', from: 'local' } as const;
    rec.action(action, by);
    expect(sink.lines.map((l) => decodeValue<Record<string, unknown>>(l))).toEqual([
      {
        k: 'p',
        t: 4_990,
        d: 10,
        r: [
          ['BTCUSDT', 100, 4_000],
          ['ETHUSDT', 10, 4_001, 11],
        ],
      },
      { k: 'c', t: 4_980, d: 20, p: 'v', op: 'positions', a: [1], r: [] },
      { k: 'i', t: 5_000, x: intent },
      { k: 'q', t: 5_000, id: 'cr_1', to: 'SUBMITTING', o: decodeValue(encodeValue(created.order)) },
      { k: 'q', t: 5_000, id: 'cr_1', to: 'ACCEPTED' },
      { k: 'f', t: 5_000, x: decodeValue(encodeValue(fill)) },
      { k: 'n', t: 5_000, id: created.intentId, r: 'RISK_LIMIT' },
      { k: 's', t: 5_000 },
      { k: 'j', t: 5_000, n: 'rebalance' },
      { k: 'o', t: 5_000, n: 3 },
      { k: 'l', t: 4_000, d: 12 },
      { k: 'g', t: 5_000, n: 'halt' },
      { k: 'a', t: 5_000, x: action, by },
    ]);
    expect(rec.path).toBe(':memory:');
  });

  it('masks only secrets of six characters or more: a shorter one would mask ordinary text', () => {
    const sink = new MemoryLines();
    const rec = new Recorder(sink, new VirtualClock(), ['abcde', 'abcdef']);
    rec.job('abcde abcdef');
    expect(decodeValue<{ n: string }>(sink.lines[0] ?? '').n).not.toContain('abcdef');
    expect(decodeValue<{ n: string }>(sink.lines[0] ?? '').n).toMatch(/^abcde /);
  });

  it('flushes and closes the file it writes to', async () => {
    const dir = mkdtempSync(join(tmpdir(), 'perpflow-recorder-'));
    const clock = new VirtualClock(0);
    const file = new RecordFile(join(dir, 'r.rec'), clock, 65_536);
    file.open();
    const rec = new Recorder(file, clock, []);
    rec.job('a');
    rec.flush();
    await file.settled();
    expect(recordingText(join(dir, 'r.rec'))).toBe('{"k":"j","t":0,"n":"a"}\n');
    rec.job('b');
    await rec.close();
    expect(recordingText(join(dir, 'r.rec'))).toBe('{"k":"j","t":0,"n":"a"}\n{"k":"j","t":0,"n":"b"}\n');
  });
});

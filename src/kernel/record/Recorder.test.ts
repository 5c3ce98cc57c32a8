import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { OutcomeUnknownError, TransientVenueError } from '../../errors/venueErrors.ts';
import { type LineSink, Recorder } from './Recorder.ts';
import { decodeValue } from './recordCodec.ts';

class Lines implements LineSink {
  readonly path = ':memory:';
  readonly lines: string[] = [];
  append(line: string): void {
    this.lines.push(line);
  }
  flush(): void {}
  async close(): Promise<void> {}
}

const KEY = `ix.${'ab12'.repeat(16)}`;

describe('Recorder', () => {
  it('masks a secret of the run wherever it shows, even in a shape the redactor does not know', () => {
    const sink = new Lines();
    const rec = new Recorder(sink, new VirtualClock(), ['s3cret-session-token']);
    rec.call('v', 'positions', [], 0, { e: new Error(`refused: key ${KEY}, session s3cret-session-token`) });
    rec.call('v', 'balance', [{ note: 's3cret-session-token' }], 0, { r: null });
    const text = sink.lines.join('\n');
    expect(text).not.toContain(KEY);
    expect(text).not.toContain('s3cret-session-token');
  });

  it('keeps what the core decides by from an error: class, venue code, HTTP status, Retry-After', () => {
    const sink = new Lines();
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
});

import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { progress } from './progress.ts';

function stream(tty: boolean): {
  s: PassThrough & { isTTY?: boolean; columns?: number };
  text: () => string;
} {
  const s = new PassThrough() as PassThrough & { isTTY?: boolean; columns?: number };
  if (tty) {
    s.isTTY = true;
    s.columns = 120;
  }
  const chunks: Buffer[] = [];
  s.on('data', (c: Buffer) => chunks.push(c));
  return { s, text: () => Buffer.concat(chunks).toString() };
}

describe('backtest progress', () => {
  it('draws a bar with the bar count and an ETA on a terminal', () => {
    const { s, text } = stream(true);
    const bar = progress(s as unknown as NodeJS.WriteStream);
    bar.tick(4096, 10_000);
    bar.tick(10_000, 10_000);
    bar.stop();
    expect(text()).toContain('10000/10000 bars');
    expect(text()).toContain('eta');
  });

  it('writes nothing when the output is not a terminal', () => {
    const { s, text } = stream(false);
    const bar = progress(s as unknown as NodeJS.WriteStream);
    bar.tick(4096, 10_000);
    bar.stop();
    expect(text()).toBe('');
  });
});

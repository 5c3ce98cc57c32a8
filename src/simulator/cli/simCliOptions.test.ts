import { describe, expect, it } from 'vitest';
import { ConfigError } from '../../errors/ConfigError.ts';
import {
  parseFillLatency,
  parsePricesFlag,
  parseRange,
  type SimFlags,
  simSettings,
} from './simCliOptions.ts';

const base: SimFlags = {
  port: '8787',
  host: '127.0.0.1',
  seed: '1',
  fillLatencyMs: '1000-3000',
  limitTtlMs: '86400000',
  prices: 'gbm',
  wallet: '0x00000000000000000000000000000000000a11ce',
  collateral: '100000',
};

describe('simSettings', () => {
  it('parses the defaults', () => {
    expect(simSettings(base)).toMatchObject({
      port: 8787,
      seed: 1,
      fillLatencyMs: { min: 1000, max: 3000 },
      prices: 'gbm',
    });
  });

  it('lets flags override the profile key by key', () => {
    const s = simSettings({
      ...base,
      faults: 'config/faults/flaky.yaml',
      errorRate: '0',
      indexingLagMs: '10',
    });
    expect(s.faults).toMatchObject({ errorRate: 0, indexingLagMs: 10, dropResponseRate: 0.02, seed: 42 });
  });

  it('refuses a non-loopback --host without --allow-remote, naming the flag to pass', () => {
    for (const host of ['0.0.0.0', '192.168.1.5', '::', 'example.org'])
      expect(() => simSettings({ ...base, host })).toThrow(
        new RegExp(`^--host ${host}: not a loopback address.*needs --allow-remote`),
      );
  });

  it('serves a non-loopback --host with --allow-remote, dev doors closed', () => {
    expect(simSettings({ ...base, host: '0.0.0.0', allowRemote: true })).toMatchObject({
      host: '0.0.0.0',
      devDoors: false,
    });
  });

  it('keeps the dev doors open on every loopback host', () => {
    for (const host of ['127.0.0.1', '127.1.2.3', 'localhost', '::1', '[::1]'])
      expect(simSettings({ ...base, host }).devDoors).toBe(true);
  });

  it('names the flag of a bad value', () => {
    expect(() => simSettings({ ...base, port: '70000' })).toThrow(/--port/);
    expect(() => simSettings({ ...base, dropRate: '2' })).toThrow(/--drop-rate/);
    expect(() => simSettings({ ...base, wallet: 'alice' })).toThrow(ConfigError);
  });
});

describe('parseRange', () => {
  it('reads A-B and a single value', () => {
    expect(parseRange('x', '5-9')).toEqual({ min: 5, max: 9 });
    expect(parseRange('x', '7')).toEqual({ min: 7, max: 7 });
  });

  it('refuses a reversed range', () => {
    expect(() => parseRange('fill-latency-ms', '9-5')).toThrow(
      /--fill-latency-ms: the lower bound 9 exceeds/,
    );
  });
});

describe('parseFillLatency', () => {
  it('reads a uniform range, a fixed value, and a log-normal median and p99', () => {
    expect(parseFillLatency('1000-3000')).toEqual({ min: 1000, max: 3000 });
    expect(parseFillLatency('250')).toEqual({ min: 250, max: 250 });
    expect(parseFillLatency(' median=800, p99=4000 ')).toEqual({ median: 800, p99: 4000 });
  });

  it('names the flag and the expected forms for a bad value', () => {
    expect(() => parseFillLatency('median=800')).toThrow(/--fill-latency-ms: expected median=M,p99=P/);
    expect(() => parseFillLatency('median=900,p99=400')).toThrow(
      /need 1 ≤ median ≤ p99, got median 900, p99 400/,
    );
    expect(() => parseFillLatency('fast')).toThrow(/--fill-latency-ms: expected milliseconds as A-B/);
  });
});

describe('parsePricesFlag', () => {
  it('reads gbm, a file, and a file with a :SYMBOL suffix', () => {
    expect(parsePricesFlag('gbm')).toBe('gbm');
    expect(parsePricesFlag('data/EURUSD-1h.csv')).toEqual({ csv: 'data/EURUSD-1h.csv' });
    expect(parsePricesFlag('data/EURUSD-1h.csv:xrpusdt')).toEqual({
      csv: 'data/EURUSD-1h.csv',
      symbol: 'XRPUSDT',
    });
    expect(parsePricesFlag('C:\\data\\EURUSD-1h.csv')).toEqual({ csv: 'C:\\data\\EURUSD-1h.csv' });
  });

  it('refuses a suffix that cannot be a market symbol', () => {
    expect(() => parsePricesFlag('bars.csv:X')).toThrow('--prices: "X" is not a market symbol');
  });
});

import { ADDRESS_PATTERN } from '../../domain/ids.ts';
import { ConfigError } from '../../errors/ConfigError.ts';
import type { FillLatency } from '../engine/FillLatency.ts';
import { type FaultProfile, loadFaultProfile, resolveFaultProfile } from '../faults/FaultProfile.ts';

/** The raw flags of `perpflow sim`, as commander hands them over (strings). */
export interface SimFlags {
  readonly port: string;
  readonly host: string;
  /** `--allow-remote`: listen on a non-loopback host, with the dev doors closed. */
  readonly allowRemote?: boolean;
  readonly seed: string;
  readonly fillLatencyMs: string;
  readonly limitTtlMs: string;
  readonly faults?: string;
  readonly prices: string;
  readonly wallet: string;
  readonly collateral: string;
  readonly latencyMs?: string;
  readonly errorRate?: string;
  readonly dropRate?: string;
  readonly indexingLagMs?: string;
  readonly refusalRate?: string;
}

export interface SimSettings {
  readonly port: number;
  readonly host: string;
  /** False when serving beyond loopback: /dev/sign-in and /dev/faucet need no credential. */
  readonly devDoors: boolean;
  readonly seed: number;
  readonly fillLatencyMs: FillLatency;
  readonly limitTtlMs: number;
  readonly faults: FaultProfile;
  readonly prices: 'gbm' | { readonly csv: string; readonly symbol?: string };
  readonly wallet: string;
  readonly collateral: number;
}

function int(flag: string, value: string, min: number, max = Number.MAX_SAFE_INTEGER): number {
  const n = Number(value);
  if (!/^\d+$/.test(value.trim()) || n < min || n > max)
    throw new ConfigError(`--${flag}: expected a whole number between ${min} and ${max}, got "${value}"`);
  return n;
}

function fraction(flag: string, value: string): number {
  const n = Number(value);
  if (value.trim() === '' || !Number.isFinite(n) || n < 0 || n > 1)
    throw new ConfigError(`--${flag}: expected a probability between 0 and 1, got "${value}"`);
  return n;
}

/** `A-B` or `A` milliseconds. */
export function parseRange(flag: string, value: string): { min: number; max: number } {
  const m = /^\s*(\d+)\s*(?:-\s*(\d+)\s*)?$/.exec(value);
  if (!m)
    throw new ConfigError(`--${flag}: expected milliseconds as A-B (e.g. 1000-3000) or A, got "${value}"`);
  const min = Number(m[1]);
  const max = m[2] === undefined ? min : Number(m[2]);
  if (min > max) throw new ConfigError(`--${flag}: the lower bound ${min} exceeds the upper bound ${max}`);
  return { min, max };
}

/** `A-B` or `A` (uniform), or `median=M,p99=P` (log-normal), milliseconds. */
export function parseFillLatency(value: string): FillLatency {
  const m = /^\s*median\s*=\s*(\d+)\s*,\s*p99\s*=\s*(\d+)\s*$/.exec(value);
  if (!m) {
    if (/median|p99/.test(value))
      throw new ConfigError(
        `--fill-latency-ms: expected median=M,p99=P in whole milliseconds (e.g. median=800,p99=4000), got "${value}"`,
      );
    return parseRange('fill-latency-ms', value);
  }
  const median = Number(m[1]);
  const p99 = Number(m[2]);
  if (median < 1 || p99 < median)
    throw new ConfigError(`--fill-latency-ms: need 1 ≤ median ≤ p99, got median ${median}, p99 ${p99}`);
  return { median, p99 };
}

/**
 * `--prices gbm`, `FILE.csv` or `FILE.csv:SYMBOL`; the suffix names (or selects) the file's market.
 * Only a trailing `:NAME` of letters and digits counts, so `C:\\data\\x.csv` stays a path.
 */
export function parsePricesFlag(value: string): SimSettings['prices'] {
  if (value === 'gbm') return 'gbm';
  const colon = value.lastIndexOf(':');
  const suffix = colon < 0 ? '' : value.slice(colon + 1);
  if (colon > 0 && /^[A-Za-z0-9]+$/.test(suffix)) {
    if (!/^[A-Za-z0-9]{2,20}$/.test(suffix))
      throw new ConfigError(
        `--prices: "${suffix}" is not a market symbol (2–20 letters or digits, like BTCUSDT)`,
      );
    return { csv: value.slice(0, colon), symbol: suffix.toUpperCase() };
  }
  if (value.trim() === '') throw new ConfigError('--prices: expected gbm, FILE.csv or FILE.csv:SYMBOL');
  return { csv: value };
}

/** 127.0.0.0/8, ::1 and localhost: the only hosts served without `--allow-remote`. */
export function isLoopbackHost(host: string): boolean {
  const h = host
    .trim()
    .toLowerCase()
    .replace(/^\[(.*)\]$/, '$1');
  return h === 'localhost' || h === '::1' || /^127(\.\d{1,3}){3}$/.test(h);
}

/** The help text of `--allow-remote`, for the command that declares it. */
export const ALLOW_REMOTE_HELP =
  'serve on a non-loopback --host (anyone who reaches it can trade); disables /dev/sign-in and /dev/faucet';

/** Flags → settings; fault flags override the profile file key by key. */
export function simSettings(f: SimFlags): SimSettings {
  const profile: FaultProfile = f.faults ? loadFaultProfile(f.faults) : {};
  const faults = resolveFaultProfile(
    {
      ...profile,
      ...(f.latencyMs !== undefined ? { latencyMs: parseRange('latency-ms', f.latencyMs) } : {}),
      ...(f.errorRate !== undefined ? { errorRate: fraction('error-rate', f.errorRate) } : {}),
      ...(f.dropRate !== undefined ? { dropResponseRate: fraction('drop-rate', f.dropRate) } : {}),
      ...(f.indexingLagMs !== undefined ? { indexingLagMs: int('indexing-lag-ms', f.indexingLagMs, 0) } : {}),
      ...(f.refusalRate !== undefined ? { solverRefusalRate: fraction('refusal-rate', f.refusalRate) } : {}),
    },
    'flags',
  );
  if (!ADDRESS_PATTERN.test(f.wallet))
    throw new ConfigError(`--wallet: expected a 0x address, got "${f.wallet}"`);
  const remote = !isLoopbackHost(f.host);
  if (remote && f.allowRemote !== true)
    throw new ConfigError(
      `--host ${f.host}: not a loopback address; the simulator's dev doors (/dev/sign-in, /dev/faucet) need no credential, so serving it beyond this machine needs --allow-remote (which closes them)`,
    );
  const collateral = Number(f.collateral);
  if (!Number.isFinite(collateral) || collateral < 0)
    throw new ConfigError(`--collateral: expected a non-negative number, got "${f.collateral}"`);
  return {
    port: int('port', f.port, 0, 65_535),
    host: f.host,
    devDoors: !remote,
    seed: int('seed', f.seed, 0, 2 ** 32 - 1),
    fillLatencyMs: parseFillLatency(f.fillLatencyMs),
    limitTtlMs: int('limit-ttl-ms', f.limitTtlMs, 1),
    faults,
    prices: parsePricesFlag(f.prices),
    wallet: f.wallet.toLowerCase(),
    collateral,
  };
}

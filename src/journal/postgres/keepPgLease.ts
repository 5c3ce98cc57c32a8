import type { Pool } from 'pg';
import type { Clock, TimerHandle } from '../../clock/Clock.ts';
import { renewPgLease } from './pgLease.ts';

export interface LeaseKeeping {
  readonly pool: Pool;
  readonly clock: Clock;
  readonly scope: string;
  readonly token: number;
  readonly renewMs: number;
  /** False once the journal is closed or failed: renewal stops. */
  active(): boolean;
  /** The database could not be reached: fail closed now rather than at the next commit. */
  unreachable(cause: unknown): void;
  /** Another instance holds the lease now. */
  lost(): void;
  /** After each renewal that found the lease still ours. */
  renewed(): Promise<void>;
}

/** Renews the lease every `renewMs` on the journal's clock, until stopped or no longer active. */
export function keepPgLease(k: LeaseKeeping): { renew(): Promise<void>; stop(): void } {
  let timer: TimerHandle | undefined;
  const renew = async (): Promise<void> => {
    if (!k.active()) return;
    let held: boolean;
    try {
      held = await renewPgLease(k.pool, k.scope, k.token);
    } catch (cause) {
      k.unreachable(cause);
      return;
    }
    if (held) await k.renewed().catch(() => undefined);
    else k.lost();
  };
  const schedule = (): void => {
    timer = k.clock.setTimeout(() => {
      void renew().finally(() => {
        if (k.active()) schedule();
      });
    }, k.renewMs);
  };
  schedule();
  return {
    renew,
    stop: () => {
      if (timer !== undefined) k.clock.clearTimeout(timer);
      timer = undefined;
    },
  };
}

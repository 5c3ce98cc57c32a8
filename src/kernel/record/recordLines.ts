import type { PerpflowConfig } from '../../config/schema.ts';
import type { Fill } from '../../domain/fill.ts';
import type { Intent } from '../../domain/intent.ts';
import type { Actor, OperatorAction } from '../../operate/api/contract.ts';
import type { RecordedError } from './recordCodec.ts';

/**
 * The lines of a recording (newline-delimited JSON, short keys; `t` is the clock reading in epoch
 * ms at which it happened, `d` how long a venue call took on that clock):
 * - `h` a process start (one per segment; repeated with `cont` at the top of a rotated file)
 * - `c` a venue call: port `p` (v: venue, p: prices), operation `op`, arguments `a`, answer `r`
 *   or error `e`
 * - `p` a price poll: `r` = [symbol, mark, ts, last?][]
 * - `j` a schedule fire, `a` an operator action, `g` a signal (halt, resume): the inputs that
 *   are not the venue's; `o` how many requests the journal held when the process took it; `s`
 *   the orderly stop began; `l` the kernel's timers due at `t` fired `d` ms late (lateTimers.ts)
 * - `b` a strategy hook call over its real-time budget (its intents dropped): strategy `id`, hook
 *   `h`, the `n`-th budgeted call of that hook by that strategy in the process, `d` the ms it
 *   took, `b` the budget; a replay fails that call again instead of timing it (version 2 on)
 * - `i` an intent, `q` a request transition (`o`: the order, when it is created), `f` a fill,
 *   `n` a denial: the decisions a replay must make again
 */
export const RECORDING_VERSION = 2;

export interface RecordHeader {
  readonly v: number;
  readonly t: number;
  readonly mode: string;
  /** The venue lived in that process: its journal started afresh (sim's embedded simulator). */
  readonly eph: boolean;
  /** The config as it ran, secrets redacted. */
  readonly cfg: PerpflowConfig;
  /** The config file it was read from. */
  readonly file: string;
  /** sha256 of each strategy module's source, by strategy id (`builtin:<name>` for built-ins). */
  readonly mods: Readonly<Record<string, string>>;
  /** The venue account: subaccount and chain. */
  readonly sub: string;
  readonly chain: number;
  /** True at the top of a rotated file: the same process goes on. */
  readonly cont?: boolean;
}

export type RecordLine =
  | ({ readonly k: 'h' } & RecordHeader)
  | {
      readonly k: 'c';
      readonly t: number;
      readonly d: number;
      readonly p: 'v' | 'p';
      readonly op: string;
      readonly a: readonly unknown[];
      readonly r?: unknown;
      readonly e?: RecordedError;
    }
  | {
      readonly k: 'p';
      readonly t: number;
      readonly d: number;
      readonly r?: readonly (readonly [string, number, number, number?])[];
      readonly e?: RecordedError;
    }
  | { readonly k: 'j'; readonly t: number; readonly n: string }
  | { readonly k: 's'; readonly t: number }
  | { readonly k: 'o'; readonly t: number; readonly n: number }
  | { readonly k: 'l'; readonly t: number; readonly d: number }
  | { readonly k: 'g'; readonly t: number; readonly n: 'halt' | 'resume' }
  | { readonly k: 'a'; readonly t: number; readonly x: OperatorAction; readonly by: Actor }
  | {
      readonly k: 'b';
      readonly t: number;
      readonly id: string;
      readonly h: string;
      readonly n: number;
      readonly d: number;
      readonly b: number;
    }
  | { readonly k: 'i'; readonly t: number; readonly x: Intent }
  | { readonly k: 'q'; readonly t: number; readonly id: string; readonly to: string; readonly o?: unknown }
  | { readonly k: 'f'; readonly t: number; readonly x: Fill }
  | { readonly k: 'n'; readonly t: number; readonly id: string; readonly r: string };

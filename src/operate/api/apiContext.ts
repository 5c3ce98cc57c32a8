import type { Kernel } from '../../kernel/Kernel.ts';
import type { LogTail } from '../../log/logTail.ts';
import type { DriftReport } from '../../report/drift/driftReport.ts';
import type { LiveState } from './liveState.ts';
import type { LoginThrottle } from './loginThrottle.ts';
import type { PushHub } from './pushHub.ts';
import type { Sessions } from './sessions.ts';
import type { BotIdentity } from './views.ts';

export interface ConsoleUser {
  readonly name: string;
  readonly role: 'viewer' | 'operator';
  readonly passwordHash: string;
}

/** What the routes share: the kernel, the API's own state and its security parts. */
export interface ApiContext {
  readonly kernel: Kernel;
  readonly identity: BotIdentity;
  readonly state: LiveState;
  readonly hub: PushHub;
  readonly sessions: Sessions;
  readonly throttle: LoginThrottle;
  readonly users: readonly ConsoleUser[];
  readonly logTail: LogTail | undefined;
  /** The session cookie is Secure (TLS here, or at a proxy in front). */
  readonly secureCookie: boolean;
  /** Where var/reports is (the bot's working directory). */
  readonly reportsDir: string;
  /** Live against its shadow, when the config shadows strategies. */
  readonly drift: (() => DriftReport) | undefined;
}

/**
 * The control API's contract (issue 43): what `/api/v1` answers and pushes, and the operator
 * actions every front end (CLI, control API, web console, Telegram) calls. One implementation of
 * the actions lives in the core; every front end is a thin client of `OperatorActions`.
 *
 * Money is a decimal string (exact, as the ledger keeps it); times are epoch milliseconds.
 */

/** Who asked, from where: every action is audited with it. */
export interface Actor {
  /** The control API says `console` for a session (cookie) and `cli` for the CLI's local token. */
  readonly via: 'cli' | 'api' | 'console' | 'telegram';
  /** The console/API user name, the Telegram user (`tg:<id> @name`), or the OS user for the CLI. */
  readonly name: string;
  /** Remote address, Telegram chat, or `local`. */
  readonly from: string;
}

export type Role = 'viewer' | 'operator';

/**
 * An action's request. `actionId` is chosen by the client (a UUID per click / command): the same id
 * twice does the action once and answers the first outcome again.
 */
export type OperatorAction =
  | { readonly kind: 'close'; readonly actionId: string; readonly market: string }
  | { readonly kind: 'closeAll'; readonly actionId: string }
  | { readonly kind: 'cancel'; readonly actionId: string; readonly requestId: string }
  | { readonly kind: 'pause'; readonly actionId: string; readonly strategy: string }
  | { readonly kind: 'unpause'; readonly actionId: string; readonly strategy: string }
  | {
      readonly kind: 'setTpSl';
      readonly actionId: string;
      readonly market: string;
      readonly takeProfit?: string;
      readonly stopLoss?: string;
    }
  | {
      readonly kind: 'halt';
      readonly actionId: string;
      readonly closeAll?: boolean;
      readonly reason?: string;
    }
  | { readonly kind: 'resume'; readonly actionId: string };

export type ActionOutcome =
  /** Done, or handed to the executor: `requests` are the client request ids it created. */
  | {
      readonly status: 'accepted';
      readonly actionId: string;
      readonly requests: readonly string[];
      readonly detail?: string;
    }
  /** The same actionId was seen before: the first outcome, unchanged. */
  | { readonly status: 'duplicate'; readonly actionId: string; readonly first: ActionOutcome }
  /** Refused before anything was sent: an unknown market/strategy/request, a risk denial, nothing to close. */
  | { readonly status: 'refused'; readonly actionId: string; readonly reason: string };

export interface AuditEntry {
  readonly actionId: string;
  readonly at: number;
  readonly actor: Actor;
  readonly action: OperatorAction;
  readonly outcome: ActionOutcome;
}

/** The one implementation in the core; front ends only call it. */
export interface OperatorActions {
  act(action: OperatorAction, actor: Actor): Promise<ActionOutcome>;
  audit(limit?: number): readonly AuditEntry[];
}

// ---- reads: GET /api/v1/… (each answers JSON; the push channel carries the same shapes) ----

export interface BotView {
  readonly name: string;
  readonly mode: 'live' | 'dry-run' | 'sim';
  readonly pid: number;
  readonly startedAt: number;
  readonly version: string;
  readonly venue: string;
  readonly tradingState: 'ACTIVE' | 'REDUCING' | 'HALTED';
  readonly stateReason?: string;
}

export interface AccountView {
  readonly realised: string;
  readonly unrealised: string;
  readonly fees: string;
  readonly funding: string;
  /**
   * null where the bot cannot know it (live without a balance read yet). Today: the bot's own net
   * PnL since its journal began (realised − fees + funding + unrealised), as it reads no balance;
   * the equity curve (EquityPoint) is the same figure over time.
   */
  readonly equity: string | null;
}

export interface PositionView {
  readonly market: string;
  readonly strategy: string;
  readonly side: 'LONG' | 'SHORT';
  readonly quantity: string;
  readonly entryPrice: string;
  readonly mark: string | null;
  readonly unrealised: string | null;
  readonly takeProfit: string | null;
  readonly stopLoss: string | null;
  readonly unprotected: boolean;
}

export interface RequestView {
  readonly id: string;
  readonly strategy: string;
  readonly kind: string;
  readonly market: string;
  readonly status: string;
  readonly createdAt: number;
  readonly history: readonly { readonly status: string; readonly at: number }[];
}

/**
 * One request transition, as pushed: the request's fields and the step it took, never its
 * history. The page appends the step to what it holds (a request it first hears of starts from
 * `from` at `createdAt`, the journal's first row); GET /requests/:id answers the whole history.
 * Pushing the view instead read the history from the journal once per transition and grew with it.
 */
export interface RequestChange {
  readonly id: string;
  readonly strategy: string;
  readonly kind: string;
  readonly market: string;
  /** The status it left. */
  readonly from: string;
  readonly status: string;
  readonly createdAt: number;
  /** When it moved: the journal's time for this transition. */
  readonly at: number;
}

export interface FillView {
  readonly id: string;
  readonly requestId: string;
  readonly strategy: string;
  readonly market: string;
  readonly side: 'LONG' | 'SHORT';
  readonly action: 'open' | 'close';
  readonly quantity: string;
  readonly price: string;
  readonly fee: string;
  readonly at: number;
}

export interface StrategyView {
  readonly id: string;
  readonly state: 'running' | 'warming' | 'paused' | 'failed';
  readonly markets: readonly string[];
  readonly params: Readonly<Record<string, unknown>>;
  readonly intents: number;
  /** Intents dropped while paused. */
  readonly droppedWhilePaused: number;
  readonly failures: number;
  readonly latestDecisions: readonly { readonly at: number; readonly text: string }[];
  readonly latestDenials: readonly { readonly at: number; readonly reason: string; readonly text: string }[];
}

export interface AlertView {
  readonly at: number;
  readonly level: 'info' | 'warn' | 'error';
  readonly text: string;
}

export interface EquityPoint {
  readonly at: number;
  readonly equity: string;
}

export interface BarView {
  readonly time: number;
  readonly open: number;
  readonly high: number;
  readonly low: number;
  readonly close: number;
}

/** GET /bots: one bot running on this host (the host registry), read from its own journal. */
export interface HostBotView {
  readonly name: string;
  readonly pid: number;
  readonly mode: string;
  readonly config: string;
  readonly startedAt: number;
  /** From its journal: halted, reducing or active; null when the journal could not be read. */
  readonly tradingState: string | null;
  /** Realised PnL after fees, from its journal's fills; null when unreadable. */
  readonly pnl: string | null;
  /** Its console, when it serves one. */
  readonly console: string | null;
}

/** A strategy's published indicator series for one market (e.g. sma-cross's two averages). */
export interface IndicatorSeries {
  readonly strategy: string;
  readonly name: string;
  readonly points: readonly { readonly time: number; readonly value: number }[];
}

/** One push message on `GET /api/v1/events` (server-sent events: `event: <type>`, `data: <json>`). */
export type PushMessage =
  | { readonly type: 'bot'; readonly data: BotView }
  | { readonly type: 'account'; readonly data: AccountView }
  | { readonly type: 'positions'; readonly data: readonly PositionView[] }
  | { readonly type: 'request'; readonly data: RequestChange }
  | { readonly type: 'fill'; readonly data: FillView }
  | { readonly type: 'strategy'; readonly data: StrategyView }
  | { readonly type: 'alert'; readonly data: AlertView }
  | { readonly type: 'audit'; readonly data: AuditEntry }
  | { readonly type: 'equity'; readonly data: EquityPoint }
  | { readonly type: 'bar'; readonly data: { readonly market: string; readonly bar: BarView } }
  | {
      readonly type: 'indicator';
      readonly data: {
        readonly market: string;
        readonly strategy: string;
        readonly name: string;
        readonly time: number;
        readonly value: number;
      };
    }
  | {
      readonly type: 'log';
      readonly data: { readonly at: number; readonly level: string; readonly text: string };
    };

/**
 * The routes (all under /api/v1; JSON; every write needs the session cookie and the
 * `x-csrf-token` header; a viewer's write is 403):
 *   POST /login {user,password} | GET /login?token=… (the one-time loopback link) → session cookie
 *   POST /logout · GET /session → { user, role, csrfToken }
 *   GET /bot · /account · /positions · /requests · /requests/:id · /fills?limit · /trades · /strategies
 *   GET /alerts · /audit · /equity · /log?lines · /markets/:market/bars · /markets/:market/indicators
 *   GET /bots (the host registry: every bot's name, mode, state, PnL and console URL)
 *   GET /reports (var/reports/*) · GET /reports/:name
 *   GET /events (SSE push; checks Origin and the session)
 *   POST /actions {OperatorAction} → ActionOutcome (200 accepted/duplicate, 409 refused)
 *   GET /openapi.json
 */
export const API_PREFIX = '/api/v1' as const;

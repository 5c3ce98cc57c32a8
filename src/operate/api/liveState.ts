import { interval, type Subscription } from 'rxjs';
import type { ExecutionEvent } from '../../execution/events.ts';
import type { RecentEvent } from '../../kernel/eventReporter.ts';
import type { Kernel } from '../../kernel/Kernel.ts';
import type { LogTail } from '../../log/logTail.ts';
import type { StrategyEvent } from '../../strategy/runnerEvents.ts';
import { BarRings } from './barRings.ts';
import type {
  AlertView,
  BarView,
  EquityPoint,
  IndicatorSeries,
  PushMessage,
  StrategyView,
} from './contract.ts';
import { IndicatorRings } from './indicatorRings.ts';
import {
  accountView,
  type BotIdentity,
  botView,
  fillView,
  positionViews,
  requestChange,
  type StrategyNotes,
  strategyViews,
} from './views.ts';

type Note<T> = T extends readonly (infer U)[] ? U : never;
const KEEP_NOTES = 10;
const KEEP_ALERTS = 200;
const KEEP_EQUITY = 5_000;
const LEVEL = { info: 'info', warning: 'warn', critical: 'error' } as const;

function pushRing<T>(ring: T[], item: T, keep: number): void {
  ring.push(item);
  if (ring.length > keep) ring.shift();
}

/**
 * What the control API knows beyond the kernel's own state, and its push channel: it listens to
 * the executor, the strategies, the operator's audit and the log, keeps the recent alerts,
 * denials, decisions and the equity curve, and sends every change to `publish` (the SSE hub).
 * Bot, account, positions and strategies are compared after every fill, every operator action and
 * once a second, and pushed only when they moved (as JSON text: building the views costs several
 * times what stringifying them does).
 */
export class LiveState implements StrategyNotes {
  readonly alerts: AlertView[] = [];
  readonly equity: EquityPoint[] = [];
  private readonly denied = new Map<string, Note<StrategyView['latestDenials']>[]>();
  private readonly decided = new Map<string, Note<StrategyView['latestDecisions']>[]>();
  private readonly subs: Subscription[] = [];
  private readonly bars = new BarRings();
  private readonly indicators = new IndicatorRings();
  /** Strategies whose view this turn changed, pushed together at its end (pushStrategy). */
  private readonly dirtyStrategies = new Set<string>();
  /** Each strategy's view as last pushed, so the second's check pushes only what changed. */
  private readonly strategiesPushed = new Map<string, string>();
  private stopLog: () => void = () => {};
  private last = { bot: '', account: '', positions: '' };
  private lastRecent: RecentEvent | undefined;
  private readonly k: Kernel;
  private readonly id: BotIdentity;
  private readonly publish: (m: PushMessage) => void;
  private readonly logTail: LogTail | undefined;

  /** Whether a push client is connected: the positions are compared only then (one entry per open lot, built for no one otherwise). */
  private readonly listening: () => boolean;
  /** The equity curve's spacing: doubled each time the curve is thinned, so it spans the whole run. */
  private equityStepMs = 1_000;
  private refreshQueued = false;

  constructor(
    k: Kernel,
    id: BotIdentity,
    publish: (m: PushMessage) => void,
    o: { readonly logTail?: LogTail | undefined; readonly listening?: () => boolean } = {},
  ) {
    this.k = k;
    this.id = id;
    this.publish = publish;
    this.logTail = o.logTail;
    this.listening = o.listening ?? (() => true);
  }

  start(): void {
    const k = this.k;
    this.subs.push(
      k.executor.events$.subscribe((e) => this.onExecution(e)),
      k.strategyEvents$.subscribe((e) => this.onStrategy(e)),
      k.operator.audit$.subscribe((entry) => {
        this.publish({ type: 'audit', data: entry });
        this.refresh();
        const s = 'strategy' in entry.action ? entry.action.strategy : undefined;
        if (s !== undefined) this.pushStrategy(s);
      }),
      interval(1_000, k.executor.clock.scheduler).subscribe(() => this.refresh()),
      k.indicators$.subscribe((p) => {
        this.indicators.add(p);
        const { market, strategy, name, value } = p;
        this.publish({
          type: 'indicator',
          data: { market, strategy, name, value, time: Math.floor(p.time / 1000) },
        });
      }),
    );
    this.bars.start(k, (market, bar) => this.publish({ type: 'bar', data: { market, bar } }));
    if (this.logTail !== undefined)
      this.stopLog = this.logTail.listen((l) => this.publish({ type: 'log', data: l }));
    this.refresh();
  }

  stop(): void {
    for (const s of this.subs.splice(0)) s.unsubscribe();
    this.bars.stop();
    this.stopLog();
  }

  barsOf(market: string): readonly BarView[] {
    return this.bars.of(market);
  }

  indicatorsOf(market: string): IndicatorSeries[] {
    return this.indicators.of(market);
  }

  denials(id: string): StrategyView['latestDenials'] {
    return this.denied.get(id) ?? [];
  }

  decisions(id: string): StrategyView['latestDecisions'] {
    return this.decided.get(id) ?? [];
  }

  private note<T>(m: Map<string, T[]>, id: string, item: T): void {
    let ring = m.get(id);
    if (ring === undefined) {
      ring = [];
      m.set(id, ring);
    }
    pushRing(ring, item, KEEP_NOTES);
  }

  private onExecution(e: ExecutionEvent): void {
    const k = this.k;
    const at = k.executor.clock.now();
    // The step alone, from the event: the page appends it to the history it holds (RequestChange).
    if (e.type === 'requestTransition') {
      if (this.listening()) this.publish({ type: 'request', data: requestChange(e.record, e.from) });
    } else if (e.type === 'fillApplied') {
      this.publish({ type: 'fill', data: fillView(e.fill) });
      this.refreshAtTurnEnd();
    } else if (e.type === 'intentDenied') {
      const i = e.intent;
      const what = 'symbol' in i ? `${i.kind} ${i.symbol}` : i.kind;
      this.note(this.denied, i.strategyId, { at, reason: e.reason, text: `${what}: ${e.message}` });
      this.pushStrategy(i.strategyId);
    } else if (e.type === 'intentAccepted') {
      const first = e.clientRequestIds[0];
      const r = first === undefined ? undefined : k.executor.journal.get(first);
      if (r !== undefined) {
        const side = r.side === undefined ? '' : ` ${r.side}`;
        const qty = r.quantity === undefined ? '' : ` ${r.quantity.toString()}`;
        this.note(this.decided, r.strategyId, { at, text: `${r.kind}${side}${qty} ${r.symbol}` });
        this.pushStrategy(r.strategyId);
      }
    }
    this.newAlerts();
  }

  private onStrategy(e: StrategyEvent): void {
    this.pushStrategy(e.strategyId);
    this.newAlerts();
  }

  /**
   * A strategy's view is pushed once per turn however many of its intents the turn carried (a
   * batch of fills, a reversal's two legs), and not built at all while no page listens (a page
   * that connects later starts from a full snapshot).
   */
  private pushStrategy(id: string): void {
    if (!this.listening()) return;
    const first = this.dirtyStrategies.size === 0;
    this.dirtyStrategies.add(id);
    if (first) queueMicrotask(() => this.flushStrategies());
  }

  private flushStrategies(): void {
    const ids = this.dirtyStrategies;
    if (ids.size === 0) return;
    for (const view of strategyViews(this.k, this)) {
      if (!ids.has(view.id)) continue;
      this.strategiesPushed.set(view.id, JSON.stringify(view));
      this.publish({ type: 'strategy', data: view });
    }
    ids.clear();
  }

  /** The reporter's recent events since the last look, as alerts. */
  private newAlerts(): void {
    const recent = this.k.reporter.recent;
    // The reporter keeps its latest 50: what is new lies after the last one seen (all, if it left).
    const from = this.lastRecent === undefined ? 0 : recent.indexOf(this.lastRecent) + 1;
    if (recent.length === 0 || from === recent.length) return;
    this.lastRecent = recent.at(-1);
    for (const r of recent.slice(from)) {
      const alert: AlertView = { at: r.at, level: LEVEL[r.level], text: r.text };
      pushRing(this.alerts, alert, KEEP_ALERTS);
      this.publish({ type: 'alert', data: alert });
    }
  }

  /**
   * One refresh for the fills of a turn: a batch of fills (a poll's outcomes, a reversal's two
   * legs) built and compared bot, account, positions and every strategy's view once per fill,
   * a few per cent of a busy bot's CPU with pages connected.
   */
  private refreshAtTurnEnd(): void {
    if (this.refreshQueued) return;
    this.refreshQueued = true;
    setImmediate(() => {
      this.refreshQueued = false;
      // Stopped meanwhile: its subscriptions are gone, and so is the kernel it would read.
      if (this.subs.length > 0) this.refresh();
    });
  }

  /** Bot, account and positions: pushed when they differ from what was pushed last. */
  refresh(): void {
    const k = this.k;
    const bot = botView(k, this.id);
    const account = accountView(k);
    const b = JSON.stringify(bot);
    const a = JSON.stringify(account);
    if (b !== this.last.bot) this.publish({ type: 'bot', data: bot });
    if (a !== this.last.account) {
      this.publish({ type: 'account', data: account });
      this.equityPoint(account.equity ?? '0');
    }
    let p = this.last.positions;
    if (this.listening()) {
      const positions = positionViews(k);
      p = JSON.stringify(positions);
      if (p !== this.last.positions) this.publish({ type: 'positions', data: positions });
    }
    this.last = { bot: b, account: a, positions: p };
    // Counters that move without an event of their own (intents dropped while paused, warm-up).
    for (const v of strategyViews(k, this)) {
      const text = JSON.stringify(v);
      if (this.strategiesPushed.get(v.id) !== text) this.publish({ type: 'strategy', data: v });
      this.strategiesPushed.set(v.id, text);
    }
    this.newAlerts();
  }

  /** A point of the curve, at most one per step; a full curve keeps every other point and doubles the step. */
  private equityPoint(equity: string): void {
    const at = this.k.executor.clock.now();
    const last = this.equity.at(-1);
    if (last !== undefined && at - last.at < this.equityStepMs) return;
    if (this.equity.length >= KEEP_EQUITY) {
      const kept = this.equity.filter((_, i) => i % 2 === 0);
      this.equity.splice(0, this.equity.length, ...kept);
      this.equityStepMs *= 2;
    }
    const point: EquityPoint = { at, equity };
    this.equity.push(point);
    this.publish({ type: 'equity', data: point });
  }
}

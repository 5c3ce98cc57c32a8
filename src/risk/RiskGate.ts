import type { Clock } from '../clock/Clock.ts';
import type { StrategyId } from '../domain/ids.ts';
import type { Intent } from '../domain/intent.ts';
import { isOneOf } from '../domain/isOneOf.ts';
import { type Decimal, dec, maxDec, ZERO } from '../domain/money.ts';
import { checkLimits } from './checkLimits.ts';
import { type Denial, DenialReason } from './denialReason.ts';
import type { LatchStore } from './latchStore.ts';
import type { RiskOptions } from './limits.ts';
import { RateWindow } from './RateWindow.ts';
import type { RiskEventSink } from './riskEvents.ts';
import { type Capability, capabilityOf, TRADING_STATES, TradingState } from './tradingState.ts';

/** What the gate needs to know about current exposure; the executor provides it. */
export interface ExposureView {
  /** Open positions, counting unresolved opens as open (worst case, reliability.md A6). */
  openPositions(strategy?: StrategyId): number;
  /** Of those, the opens still in flight (not terminal yet): the denial message says so. */
  inFlightOpens(strategy?: StrategyId): number;
  /** Notional at mark, counting unresolved opens at full size. */
  notional(strategy?: StrategyId): Decimal;
  markPrice(symbol: string): Decimal | undefined;
  /** Markets where an open's outcome is not known yet. */
  isMarketUnresolved(symbol: string): boolean;
  /**
   * The same notional and marks in floats (undefined where not known that way), when the view can
   * give them cheaply: a limit far from them is decided without a Decimal (checkLimits).
   */
  readonly approx?: {
    notional(strategy?: StrategyId): number | undefined;
    mark(symbol: string): number | undefined;
  };
}

const STATE_KEY = 'tradingState';
const REASON_KEY = 'tradingStateReason';
const capKey = (c: Capability): string => `capabilityHalt:${c}`;
const marketKey = (symbol: string): string => `marketHalt:${symbol}`;
const deny = (reason: DenialReason, message: string): Denial => ({ reason, message });

/**
 * The gate every intent passes (reliability.md A9, A11). State that must survive a restart —
 * the trading state, 403 capability halts, per-market halts — lives in a latch store (the
 * journal's meta table behind a cache: `cachedLatches`), so a crash never clears a latched halt.
 */
export class RiskGate {
  private readonly latches: LatchStore;
  private readonly clock: Clock;
  private readonly options: RiskOptions;
  private readonly emit: RiskEventSink;
  private readonly accountRate = new RateWindow(60_000);
  private readonly strategyRates = new Map<string, RateWindow>();
  private readonly unknownOutcomes: RateWindow;
  private authFailed = false;
  /**
   * A state the latch store could not keep (its journal failed): what this process does, so the
   * status, the console and the metrics say "halted" rather than the last state stored.
   */
  private unsaved: { readonly state: TradingState; readonly reason: string } | undefined;
  /** Markets whose price feed went quiet: not latched, the feed clears them when prices return. */
  private readonly stalePrices = new Set<string>();

  constructor(latches: LatchStore, clock: Clock, options: RiskOptions, emit: RiskEventSink) {
    this.latches = latches;
    this.clock = clock;
    this.options = options;
    this.emit = emit;
    this.unknownOutcomes = new RateWindow(options.account.maxUnknownOutcomes?.windowMs ?? 300_000);
  }

  get state(): TradingState {
    if (this.unsaved !== undefined) return this.unsaved.state;
    const latched = this.latches.get(STATE_KEY);
    if (latched === undefined) return TradingState.active;
    // A value this version does not know (written by a newer one, or damaged) reads as halted: fail closed.
    return isOneOf(TRADING_STATES, latched) ? latched : TradingState.halted;
  }

  get stateReason(): string | undefined {
    return this.unsaved === undefined ? this.latches.get(REASON_KEY) : this.unsaved.reason;
  }

  /** The account's daily loss limit, if it has one. */
  get dailyLossLimit(): Decimal | undefined {
    return this.options.account.dailyLossLimit;
  }

  /** Whether any limit needs PnL after each fill (daily loss, drawdown). */
  get hasLossLimits(): boolean {
    return (
      this.options.account.dailyLossLimit !== undefined || this.options.account.maxDrawdownPct !== undefined
    );
  }

  get closeAllOnHalt(): boolean {
    return this.options.closeAllOnHalt;
  }

  get authBroken(): boolean {
    return this.authFailed;
  }

  /** Moves the trading state and latches it in the journal; best effort when the journal is broken. */
  setState(to: TradingState, reason: string): void {
    const from = this.state;
    if (from === to) return;
    try {
      this.latches.set(STATE_KEY, to);
      this.latches.set(REASON_KEY, reason);
    } catch {
      // A journal that cannot be written already stops every send (fail closed), and refuses every
      // later write (JournalPort.writeFailure): from here on the state lives in this process.
      this.unsaved = { state: to, reason };
    }
    this.emit({ type: 'tradingStateChanged', from, to, reason });
    this.emit({
      type: 'alert',
      severity: to === 'active' ? 'info' : 'critical',
      code: `TRADING_${to.toUpperCase()}`,
      message: `trading ${to}: ${reason}`,
    });
  }

  halt(reason: string): void {
    this.setState(TradingState.halted, reason);
  }

  /** The manual reset of a latched halt. */
  resume(reason = 'manual resume'): void {
    this.authFailed = false;
    this.setState(TradingState.active, reason);
  }

  /** 401: one alert, then everything stops until a person rotates the key and restarts. */
  authFailure(message: string): void {
    if (this.authFailed) return;
    this.authFailed = true;
    this.halt(`API key rejected (401): ${message}`);
  }

  /** 403 on one capability: only that capability stops; reads go on so reconciliation finishes. */
  haltCapability(capability: Capability, reason: string): void {
    if (this.latches.get(capKey(capability)) !== undefined) return;
    this.latches.set(capKey(capability), reason);
    this.emit({ type: 'capabilityHalted', capability, reason });
    this.emit({
      type: 'alert',
      severity: 'critical',
      code: 'PERMISSION',
      message: `${capability} halted: ${reason}`,
    });
  }

  clearCapability(capability: Capability): void {
    this.latches.delete(capKey(capability));
  }

  capabilityHalted(capability: Capability): string | undefined {
    return this.latches.get(capKey(capability));
  }

  haltMarket(symbol: string, reason: string): void {
    if (this.latches.get(marketKey(symbol)) !== undefined) return;
    this.latches.set(marketKey(symbol), reason);
    this.emit({
      type: 'alert',
      severity: 'critical',
      code: 'MARKET_HALTED',
      message: `${symbol} halted: ${reason}`,
    });
  }

  /** From the market stream: stale prices block new exposure on that market; closes stay allowed. */
  priceStale(symbol: string, stale: boolean): void {
    if (stale) this.stalePrices.add(symbol);
    else this.stalePrices.delete(symbol);
  }

  marketHalted(symbol: string): string | undefined {
    return this.latches.get(marketKey(symbol));
  }

  /** Counts an ambiguous outcome; a burst latches a halt (reliability.md scenario 19). */
  noteUnknownOutcome(): void {
    const limit = this.options.account.maxUnknownOutcomes;
    if (limit === undefined) return;
    const now = this.clock.now();
    this.unknownOutcomes.record(now);
    if (this.unknownOutcomes.count(now) >= limit.count) {
      this.halt(`${limit.count} unknown outcomes within ${limit.windowMs} ms`);
    }
  }

  /** Latches a halt when the daily loss or drawdown limit is reached. */
  checkLosses(dailyPnl: Decimal, equity: Decimal | undefined): void {
    const a = this.options.account;
    if (a.dailyLossLimit !== undefined && dailyPnl.negated().greaterThanOrEqualTo(a.dailyLossLimit)) {
      this.halt(
        `daily loss ${dailyPnl.negated().toString()} reached the limit ${a.dailyLossLimit.toString()}`,
      );
      return;
    }
    if (a.maxDrawdownPct === undefined || equity === undefined) return;
    const peakText = this.latches.get('equityPeak');
    const peak = peakText === undefined ? equity : maxDec(dec(peakText), equity);
    if (peakText === undefined || equity.greaterThan(peakText))
      this.latches.set('equityPeak', equity.toString());
    if (peak.lessThanOrEqualTo(ZERO)) return;
    const drawdownPct = peak.minus(equity).dividedBy(peak).times(100);
    if (drawdownPct.greaterThanOrEqualTo(a.maxDrawdownPct)) {
      this.halt(`drawdown ${drawdownPct.toFixed(2)} % reached the limit ${a.maxDrawdownPct} %`);
    }
  }

  /**
   * The positions list shows more exposure than the account cap allows (external positions,
   * or marks moving): latch REDUCING, so only closes pass until a person resumes.
   */
  checkExposureCap(notional: Decimal): void {
    const cap = this.options.account.maxTotalNotional;
    if (cap === undefined || !notional.greaterThan(cap) || this.state !== TradingState.active) return;
    this.setState(
      TradingState.reducing,
      `venue exposure ${notional.toFixed(2)} is over the cap ${cap.toString()}`,
    );
  }

  /**
   * Passes (undefined) or denies an intent; only a pass counts toward the rate. Closes, cancels and
   * TP/SL sets add no exposure: they pass halted or reducing, needing only their capability.
   */
  check(intent: Intent, exposure: ExposureView): Denial | undefined {
    if (this.latches.writeFailure !== undefined)
      return deny(DenialReason.JOURNAL_FAILED, 'the journal cannot be written');
    if (this.authFailed) return deny(DenialReason.AUTH_FAILED, 'the API key was rejected (401)');
    const cap = capabilityOf(intent);
    const capReason = this.capabilityHalted(cap);
    if (capReason !== undefined) return deny(DenialReason.CAPABILITY_HALTED, `${cap} halted: ${capReason}`);
    if (intent.kind === 'open') {
      const state = this.state;
      if (state === TradingState.halted)
        return deny(DenialReason.TRADING_HALTED, `trading halted: ${this.stateReason ?? ''}`);
      if (state === TradingState.reducing)
        return deny(DenialReason.REDUCING_ONLY, 'trading is reducing only');
      const m = this.marketHalted(intent.symbol);
      if (m !== undefined) return deny(DenialReason.MARKET_HALTED, `${intent.symbol} halted: ${m}`);
      if (exposure.isMarketUnresolved(intent.symbol))
        return deny(
          DenialReason.MARKET_UNRESOLVED,
          `an earlier request on ${intent.symbol} has an unknown outcome`,
        );
      if (this.stalePrices.has(intent.symbol))
        return deny(
          DenialReason.STALE_PRICE,
          `prices of ${intent.symbol} are stale: no new exposure until they return`,
        );
      const limitDenial =
        checkLimits(intent, exposure, this.options.account, 'account', undefined) ??
        checkLimits(
          intent,
          exposure,
          this.options.strategies[intent.strategyId],
          `strategy ${intent.strategyId}`,
          intent.strategyId,
        );
      if (limitDenial !== undefined) return limitDenial;
    }
    return this.checkRate(intent);
  }

  private checkRate(intent: Intent): Denial | undefined {
    const now = this.clock.now();
    const accountMax = this.options.account.maxIntentsPerMinute;
    const strategyMax = this.options.strategies[intent.strategyId]?.maxIntentsPerMinute;
    // A window is kept only for a limit that is set: without one, nothing would ever prune it.
    let sw: RateWindow | undefined;
    if (strategyMax !== undefined) {
      sw = this.strategyRates.get(intent.strategyId) ?? new RateWindow(60_000);
      this.strategyRates.set(intent.strategyId, sw);
    }
    if (accountMax !== undefined && this.accountRate.count(now) >= accountMax)
      return {
        reason: DenialReason.RATE_LIMIT_EXCEEDED,
        message: `account over ${accountMax} intents per minute`,
      };
    if (strategyMax !== undefined && sw !== undefined && sw.count(now) >= strategyMax)
      return {
        reason: DenialReason.RATE_LIMIT_EXCEEDED,
        message: `strategy ${intent.strategyId} over ${strategyMax} intents per minute`,
      };
    if (accountMax !== undefined) this.accountRate.record(now);
    sw?.record(now);
    return undefined;
  }
}

import type { Clock } from '../../clock/Clock.ts';
import { MarketSymbol } from '../../domain/ids.ts';
import type { Logger } from '../../log/Logger.ts';
import { driftGauges } from '../../report/drift/driftGauges.ts';
import { driftJournalOf } from '../../report/drift/driftJournal.ts';
import { type DriftReport, driftReport } from '../../report/drift/driftReport.ts';
import type { LoadedConfig } from '../../strategy/loadConfigWithStrategies.ts';
import { Kernel } from '../Kernel.ts';
import { shadowConfigOf } from './shadowConfig.ts';
import { shadowEdges } from './shadowEdges.ts';
import { setShadowAside, shadowJournalFileFor, shadowJournalPathFor } from './shadowJournalFile.ts';
import { SHADOW_SINCE, shadowSinceOf } from './shadowSince.ts';

/** A shadow beside a live kernel, and the drift report of the two. */
export interface Shadow {
  readonly kernel: Kernel;
  readonly strategies: readonly string[];
  /** The secrets its own simulator account minted, for the redactor's scan (never live's). */
  readonly secrets: readonly string[];
  /** Live's journal against the shadow's, now. */
  report(): DriftReport;
  stop(): Promise<void>;
}

/**
 * Starts the strategies `shadow:` names a second time, beside `live` in this process: a second
 * kernel in dry-run edges on live's price stream (shadowEdges.ts), journaling beside live. It
 * shares nothing with live that could trade (its venue is its own simulator), and its log lines
 * say `component: shadow`. Undefined when the config shadows nothing.
 */
export async function startShadow(
  live: Kernel,
  o: {
    readonly loaded: LoadedConfig;
    readonly clock: Clock;
    readonly log: Logger;
    /** True when live's journal starts afresh each run (sim's embedded venue): the shadow's does too. */
    readonly fresh: boolean;
  },
): Promise<Shadow | undefined> {
  const ids = live.config.shadow;
  if (ids.length === 0) return undefined;
  const config = shadowConfigOf(live.config, shadowJournalPathFor(live.config.journal.path));
  if (o.fresh) setShadowAside(shadowJournalFileFor(live.config.journal.path));
  const log = o.log.child({ component: 'shadow' });
  const markets = [...new Set(config.strategies.flatMap((s) => s.markets))].map(MarketSymbol);
  const edges = await shadowEdges(config, {
    clock: o.clock,
    log,
    live: live.feed,
    markets,
    intentIdScheme: live.intentIdScheme,
  });
  let kernel: Kernel;
  try {
    kernel = await Kernel.start({
      loaded: { ...o.loaded, config },
      edges,
      clock: o.clock,
      log,
      // Nobody scrapes the shadow's own registry: the drift gauges live on live's.
      processMetrics: false,
      gaugesEveryMs: 0,
    });
  } catch (e) {
    await edges.close();
    throw e;
  }
  const shadowJournal = kernel.executor.journal;
  const since = Number(shadowJournal.getMeta(SHADOW_SINCE) ?? 0);
  const sinceOf = (id: string): number => shadowSinceOf((k) => shadowJournal.getMeta(k), id);
  const report = (): DriftReport =>
    driftReport(driftJournalOf(live.executor.journal), driftJournalOf(shadowJournal), {
      strategies: ids,
      since,
      sinceOf,
    });
  // One report serves a scrape's five gauges (each reads both journals whole): kept for a second.
  let kept: { readonly at: number; readonly report: DriftReport } | undefined;
  const recent = (): DriftReport => {
    const now = o.clock.now();
    if (kept === undefined || now - kept.at >= 1_000) kept = { at: now, report: report() };
    return kept.report;
  };
  const removeGauges = driftGauges(live.metrics.registry, recent);
  log.info(`shadowing ${ids.join(', ')}: journal ${shadowJournal.path}`);
  return {
    kernel,
    strategies: ids,
    secrets: edges.secrets,
    report,
    stop: async () => {
      removeGauges();
      await kernel.stop();
      await edges.close();
    },
  };
}

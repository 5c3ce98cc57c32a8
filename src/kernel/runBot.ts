import { resolve } from 'node:path';
import { SystemClock } from '../clock/SystemClock.ts';
import type { PerpflowConfig } from '../config/schema.ts';
import { leaseScopeOf } from '../execution/tradingLease.ts';
import { registerRunningBot } from '../journal/runningBots.ts';
import { createLogger } from '../log/createLogger.ts';
import type { Logger } from '../log/Logger.ts';
import { LogTail } from '../log/logTail.ts';
import { describeError } from '../log/redact.ts';
import type { DriftReport } from '../report/drift/driftReport.ts';
import { WebhookNotifier } from '../report/notify/WebhookNotifier.ts';
import { TerminalView, type ViewStream } from '../report/terminal/TerminalView.ts';
import { loadConfigWithStrategies } from '../strategy/loadConfigWithStrategies.ts';
import { dashboardSnapshot } from './dashboardSnapshot.ts';
import { edgesFor } from './edges/edgesFor.ts';
import { Kernel } from './Kernel.ts';
import { checkMarketsListed } from './preflight.ts';
import { bindProcessSignals } from './processSignals.ts';
import { LateTimersClock } from './record/lateTimers.ts';
import { recordEdges, recorderTap } from './record/recorderFor.ts';
import { freshStart, runConfig } from './runConfig.ts';
import { screenAfterView } from './screenAfterView.ts';
import { shadowBeside, stopShadow } from './shadow/shadowBeside.ts';
import { statusEndpoint } from './statusEndpoint.ts';

export interface RunBotOptions {
  readonly configFile: string;
  /** Overrides the config's mode with a rehearsal (never with live: that only the file may say). */
  readonly mode?: 'dry-run' | 'sim';
  /** The terminal view draws here when it is a TTY; log lines go to stderr otherwise. */
  readonly out: ViewStream;
  /** Log lines as JSON on stderr, and no terminal view. */
  readonly json?: boolean;
  /** `--journal`: a SQLite file or a postgres:// URL instead of the config's journal. */
  readonly journal?: string;
  /** Starts a dry run over, its journal and paper account kept as timestamped backups (`run --fresh`). */
  readonly fresh?: boolean;
  /** Run even when another bot holds this venue account's host-wide lock (logged loudly). */
  readonly allowSharedAccount?: boolean;
  /**
   * The control API and console (src/operate, a layer above the kernel: the CLI hands it in).
   * Undefined: none. A throw (unreadable TLS files) stops the bot before it trades on.
   */
  readonly startConsole?: (k: Kernel, o: ConsoleStartContext) => Promise<OperatorWindow | undefined>;
}

/** What the console is told at start. */
export interface ConsoleStartContext {
  readonly log: Logger;
  readonly logTail: LogTail;
  readonly venue: string;
  readonly secrets: readonly string[];
  /** The drift report of live against its shadow, when the config shadows strategies. */
  readonly drift?: () => DriftReport;
}

/** A window an operator uses on the running bot, closed at stop. */
export interface OperatorWindow {
  readonly url: string;
  close(): Promise<void>;
}

/**
 * `perpflow run`: load and validate the config, build the mode's edges, start the kernel, open
 * the operator's windows (terminal view, /health and /metrics, webhooks), and run until SIGINT or
 * SIGTERM. Resolves with the exit code once the graceful stop is complete.
 */
export async function runBot(o: RunBotOptions): Promise<number> {
  const loaded0 = await loadConfigWithStrategies(o.configFile, { checkPaths: true });
  const config: PerpflowConfig = runConfig(loaded0.config, o);
  const loaded = { ...loaded0, config };
  // Its late timers are recorded (a replay fires them as late): see record/lateTimers.ts.
  const clock = new LateTimersClock(new SystemClock());
  const backups = o.fresh === true ? freshStart(config, clock) : [];
  const view = o.out.isTTY === true && o.json !== true;
  const screen = screenAfterView(process.stderr);
  const logTail = new LogTail();
  const log = createLogger({
    level: config.logging.level,
    file: config.logging.file,
    terminal: o.json === true ? null : view ? screen.stream : process.stderr,
    jsonStreams: o.json === true ? [process.stderr, logTail] : [logTail],
    clock,
  });
  const notifier =
    config.notify.webhooks.length === 0
      ? undefined
      : new WebhookNotifier({
          targets: config.notify.webhooks.map((w) =>
            w.format === undefined ? { url: w.url } : { url: w.url, format: w.format },
          ),
          clock,
          onResult: (r) => r.outcome !== 'sent' && log.warn(`webhook ${r.target}: ${r.outcome}`),
        });
  let kernel: Kernel | undefined;
  const bare = await edgesFor(config, { clock, log });
  const recorded = recordEdges(config, bare, {
    clock,
    configFile: resolve(o.configFile),
    onRecordFailure: (e) => log.warn(`recording: a batch was not written (${describeError(e)})`),
  });
  const edges = recorded?.edges ?? bare;
  if (config.record.enabled === true && recorded === undefined)
    log.warn(
      `record.enabled: a ${config.mode} run is not recorded (only live and sim are: \`perpflow replay\`)`,
    );
  if (recorded !== undefined) clock.onLate = (due, late) => recorded.recorder.late(due, late);
  if (recorded !== undefined) log.info(`recording to ${recorded.recorder.path} (perpflow replay)`);
  try {
    await checkMarketsListed(config, edges.venue, {
      configFile: o.configFile,
      venueName:
        config.mode === 'live' && config.venue.url !== null
          ? `the venue at ${new URL(config.venue.url).host}`
          : 'the simulator',
    });
    const from = edges.pricesFrom;
    if (from !== undefined)
      await checkMarketsListed(config, from.venue, { configFile: o.configFile, venueName: from.name });
    log.info(`perpflow ${config.mode}: ${edges.describe}`);
    for (const b of backups) log.info(`--fresh: kept the previous state as ${b}`);
    kernel = await Kernel.start({
      loaded,
      edges,
      clock,
      log,
      ...(o.allowSharedAccount === true ? { allowSharedAccount: true } : {}),
      ...(recorded === undefined ? {} : { tap: recorderTap(recorded.recorder) }),
      ...(notifier === undefined ? {} : { notify: (n) => notifier.notify(n) }),
    });
  } catch (e) {
    await edges.close();
    await recorded?.recorder.close();
    await log.close();
    notifier?.close();
    throw e;
  }
  const k = kernel;
  // Bound before the start is announced: a Ctrl-C that follows the lines below (a person, or a
  // test waiting for them) always finds the graceful stop, never the default signal death. Stays
  // bound through the stop: a second Ctrl-C must still exit at once.
  let stopFinished = (): void => {};
  const stopSignal = new Promise<string>((done) => {
    stopFinished = bindProcessSignals(k, log, done);
  });
  const names = config.strategies.filter((s) => s.enabled).map((s) => `${s.id} on ${s.markets.join(',')}`);
  log.info(
    `trading: ${names.join('; ') || 'no strategies'}; journal ${k.executor.journal.path}; Ctrl-C stops`,
  );
  // Beside live, after it: the shadow hears live's price stream, and registers on its /metrics.
  const shadow = await shadowBeside(k, { loaded, clock, log, fresh: edges.ephemeral });
  const status = await statusEndpoint(k, log);
  let window: OperatorWindow | undefined;
  try {
    window = await o.startConsole?.(k, {
      log,
      logTail,
      venue: edges.describe,
      secrets: [...edges.secrets, ...(shadow?.secrets ?? [])],
      ...(shadow === undefined ? {} : { drift: shadow.report }),
    });
  } catch (e) {
    await stopShadow(shadow, log);
    await k.stop();
    await status?.close();
    await edges.close();
    await recorded?.recorder.close();
    // Its signals ignored from here on, as after an orderly stop: a later one must not log to the
    // closed log or exit the process (runBot embedded in another program, or in a test).
    stopFinished();
    await log.close();
    throw e;
  }
  const terminal = new TerminalView({
    stream: view ? o.out : { write: () => true, isTTY: false },
    clock,
    snapshot: () => dashboardSnapshot(k, edges.describe),
  });
  terminal.start();
  // The host-wide registry: `perpflow halt` / `resume` find this bot whatever its mode and journal;
  // written once SIGUSR2 is bound (unbound, it would end the process instead of halting it).
  const unregister = registerRunningBot({
    mode: config.mode,
    config: resolve(o.configFile),
    journal: resolve(k.executor.journal.path),
    account: leaseScopeOf(edges.venue, config.venue.url),
    startedAt: clock.now(),
    ...(window === undefined || window.url === '' ? {} : { console: window.url }),
  });
  const signal = await stopSignal;
  terminal.stop();
  if (view) {
    // Below the last frame of the view: the stop's lines follow it on the screen.
    o.out.write('\n');
    screen.open();
  }
  log.info(`${signal}: stopping — no new intents; in-flight requests get ${config.shutdown.drainMs} ms`);
  recorded?.recorder.stop();
  await stopShadow(shadow, log);
  try {
    await k.stop();
  } catch (e) {
    log.error(`stop failed: ${describeError(e)}`);
  }
  unregister();
  const pnl = k.executor.ledger.summary();
  log.info(
    `stopped: ${k.executor.ledger.openLots().length} open positions, realised ${pnl.realised.toFixed(2)}, fees ${pnl.fees.toFixed(2)}; ${k.executor.unresolved().length} requests to settle at the next start`,
  );
  await status?.close();
  await window?.close();
  if (notifier !== undefined)
    await Promise.race([notifier.drained(), clock.sleep(2_000)]).finally(() => notifier.close());
  await edges.close();
  await recorded?.recorder.close();
  stopFinished();
  await log.close();
  return 0;
}

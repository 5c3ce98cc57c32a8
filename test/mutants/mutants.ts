/**
 * The deliberate bugs of the mutation audit (perpflow issue #14), as exact text replacements in
 * src/. `node test/mutants/runMutants.ts [name...]` puts each in alone, runs the suites and chaos,
 * and prints which tests fail; test/MUTATIONS.md holds the last table.
 */
export interface Mutant {
  readonly name: string;
  readonly bug: string;
  /** The suites that must catch it, when not the default execution/journal/risk ones. */
  readonly suites?: readonly string[];
  readonly edits: readonly { readonly file: string; readonly find: string; readonly replace: string }[];
}

export const MUTANTS: readonly Mutant[] = [
  {
    name: 'submitting-after-send',
    bug: 'the SUBMITTING write journaled after the send instead of before',
    edits: [
      {
        file: 'src/execution/send.ts',
        find: "    records = h.move(ids.map((id) => ({ id, to: 'SUBMITTING' as const, patch: { submittedAt: now } })));\n    pending",
        replace: '    records = ids.map((id) => h.current(id));\n    void now;\n    pending',
      },
      {
        file: 'src/execution/send.ts',
        find: "  if (!h.alive()) return;\n  try {\n    h.crashAt('afterSendBefore201');",
        replace:
          "  if (!h.alive()) return;\n  records = h.move(records.map((r) => ({ id: r.clientRequestId, to: 'SUBMITTING' as const, patch: { submittedAt: h.clock.now() } })));\n  try {\n    h.crashAt('afterSendBefore201');",
      },
    ],
  },
  {
    name: 'submitting-recovered-as-not-executed',
    bug: 'on restart, a request left in SUBMITTING treated as not executed',
    edits: [
      {
        file: 'src/execution/recoverJournal.ts',
        find: '  for (const r of journal.nonTerminal()) index.update(r);',
        replace:
          "  move(open.filter((r) => r.status === 'SUBMITTING').map((r) => ({ id: r.clientRequestId, to: 'RECONCILED_NOT_EXECUTED' as const, note: 'mutant' })));\n  for (const r of journal.nonTerminal()) index.update(r);",
      },
    ],
  },
  {
    name: 'previous-run-intents-not-deduplicated',
    bug: 'intents of a previous run not deduplicated, so the restart resends them',
    edits: [
      {
        file: 'src/execution/duplicateOf.ts',
        find: "  for (const r of journaled) if (r.status !== 'NOT_SENT') ids.push(r.clientRequestId);",
        // Only what this process queued counts: every request journaled before is forgotten.
        replace:
          "  for (const r of journaled) if (r.status !== 'NOT_SENT' && ids.length < 0) ids.push(r.clientRequestId);",
      },
      {
        file: 'src/execution/Executor.ts',
        find: '    const ex = new Executor<J>(o);',
        replace:
          '    const ex = new Executor<J>(o);\n    (ex as unknown as { t0: number }).t0 = o.clock.now();',
      },
    ],
  },
  {
    name: 'fill-dedup-removed',
    bug: 'fill-id deduplication removed from the ledger and executor',
    edits: [
      {
        file: 'src/execution/PositionLedger.ts',
        find: '    this.applied.add(fill.fillId);\n    if (this.applied.size === seen) return false;',
        replace: '    this.applied.add(fill.fillId);',
      },
      {
        file: 'src/execution/ExecutionCore.ts',
        find: '    if (!this.journal.recordFill(fill)) return false;\n',
        replace: '    this.journal.recordFill(fill);\n',
      },
    ],
  },
  {
    name: 'fees-booked-twice',
    bug: 'fees booked twice',
    edits: [
      {
        file: 'src/execution/PositionLedger.ts',
        find: '      lot.fees = addTo(lot.fees, fill.fee);',
        replace: '      lot.fees = addTo(lot.fees, fill.fee).plus(fill.fee);',
      },
      {
        file: 'src/execution/PositionLedger.ts',
        find: '      this.feeLog.push(fill.ts, fill.fee);',
        replace: '      this.feeLog.push(fill.ts, fill.fee);\n      this.feeLog.push(fill.ts, fill.fee);',
      },
    ],
  },
  {
    name: 'fee-rate-x10',
    bug: 'the fee rate ×10',
    edits: [
      {
        file: 'src/execution/feeRates.ts',
        find: '      open: VenueFacts.platformFeeRate.plus(m.hedgerFeeOpen ?? ZERO),\n      close: VenueFacts.platformFeeRate.plus(m.hedgerFeeClose ?? ZERO),',
        replace:
          '      open: VenueFacts.platformFeeRate.plus(m.hedgerFeeOpen ?? ZERO).times(10),\n      close: VenueFacts.platformFeeRate.plus(m.hedgerFeeClose ?? ZERO).times(10),',
      },
    ],
  },
  {
    name: 'unknown-burst-breaker-disabled',
    bug: 'the unknown-outcome burst breaker disabled',
    edits: [
      {
        file: 'src/risk/RiskGate.ts',
        find: '    const limit = this.options.account.maxUnknownOutcomes;\n    if (limit === undefined) return;',
        replace:
          '    const limit = this.options.account.maxUnknownOutcomes;\n    if (limit !== null) return;',
      },
    ],
  },
  {
    name: 'not-found-requery-removed',
    bug: 'the targeted re-query before giving up on a not-found request removed',
    edits: [
      {
        file: 'src/venue/rfq/StatusPoller.ts',
        find: '        if (!t.probed) {',
        replace: '        if (!t.probed && t.attempt < 0) {',
      },
    ],
  },
  {
    name: 'poll-network-error-as-not-found',
    bug: 'a network error on a status poll counted as not-found',
    edits: [
      {
        file: 'src/venue/rfq/StatusPoller.ts',
        find: '    } catch (e) {\n      if (!this.host.alive() || this.tracked.get(id) !== t) return;\n      this.onError(id, t, e);\n      return;\n    }',
        replace:
          '    } catch (e) {\n      if (!this.host.alive() || this.tracked.get(id) !== t) return;\n      if (!(e instanceof TransientVenueError) || e.retryAfterMs !== undefined) {\n        this.onError(id, t, e);\n        return;\n      }\n      report = null;\n    }',
      },
    ],
  },
  // Issue 25: six bugs that escaped the suites, each now with a test that fails on it.
  {
    name: 'account-limits-strategy-exposure',
    bug: "account limits counted with the calling strategy's exposure only",
    edits: [
      {
        file: 'src/risk/RiskGate.ts',
        find: "checkLimits(intent, exposure, this.options.account, 'account', undefined)",
        replace: "checkLimits(intent, exposure, this.options.account, 'account', intent.strategyId)",
      },
    ],
  },
  {
    name: 'daily-loss-strict',
    bug: 'the daily loss limit reached only beyond it (>= became >)',
    edits: [
      {
        file: 'src/risk/RiskGate.ts',
        find: 'dailyPnl.negated().greaterThanOrEqualTo(a.dailyLossLimit)',
        replace: 'dailyPnl.negated().greaterThan(a.dailyLossLimit)',
      },
    ],
  },
  {
    name: 'drawdown-peak-never-raised',
    bug: 'the equity peak stored once and never raised',
    edits: [
      {
        file: 'src/risk/RiskGate.ts',
        find: 'if (peakText === undefined || equity.greaterThan(peakText))',
        replace: 'if (peakText === undefined)',
      },
    ],
  },
  {
    name: 'win-rate-counts-break-even',
    bug: 'the win rate counting break-even trades as wins',
    suites: ['backtest/metrics'],
    edits: [
      {
        file: 'backtest/metrics/tradeMetrics.ts',
        find: '    if (t.pnl > 0) gains[nGain++] = t.pnl;',
        replace: '    if (t.pnl >= 0) gains[nGain++] = t.pnl;',
      },
    ],
  },
  {
    name: 'redactor-passphrase-removed',
    bug: "passphrase removed from the redactor's names",
    suites: ['src/log'],
    edits: [
      {
        file: 'src/log/secretNames.ts',
        find: "  { name: 'passphrase', anywhere: true },\n",
        replace: '',
      },
    ],
  },
  {
    name: 'breakout-reenters-in-flight',
    bug: 'breakout entering again (either side) while its open is still in flight',
    suites: ['strategies/breakout', 'test/strategy/breakoutInFlight.test.ts'],
    edits: [
      {
        file: 'strategies/breakout/index.ts',
        find: 'if (ctx.positions(bar.symbol).length > 0 || ctx.openRequests(bar.symbol).length > 0) return undefined;',
        replace: 'if (ctx.positions(bar.symbol).length > 0) return undefined;',
      },
    ],
  },
  // Issue 48 (round 3): eight bugs that escaped, each now with a test that fails on it.
  {
    name: 'schedule-id-from-fire-time',
    bug: 'scheduled intents get their id from the (late) fire time, not the due time',
    suites: ['test/scheduler'],
    edits: [
      {
        file: 'src/strategy/scheduleStrategy.ts',
        find: 'runner.runSchedule(entry.name, entry.run, dueAt)',
        replace: 'runner.runSchedule(entry.name, entry.run)',
      },
    ],
  },
  {
    name: 'pending-commit-in-flight-first',
    bug: 'pendingCommit() answers the commit under way while the SUBMITTING write is only queued',
    suites: ['test/journal/pgCommitQueueOrder.test.ts', 'src/journal/postgres'],
    edits: [
      {
        file: 'src/journal/postgres/PgCommitQueue.ts',
        find: '    return this.queued ?? this.inFlight;',
        replace: '    return this.inFlight ?? this.queued;',
      },
    ],
  },
  {
    name: 'lease-renewal-ignores-token',
    bug: "a stale leader's lease renewal succeeds (WHERE scope = $1 without the token)",
    suites: ['test/journal/pgLeaseRenewal.test.ts', 'src/journal/postgres'],
    edits: [
      {
        file: 'src/journal/postgres/pgLease.ts',
        find: "'UPDATE perpflow_lease SET heartbeat_at = clock_timestamp() WHERE scope = $1 AND token = $2',",
        // $2 still referenced: PostgreSQL refuses a parameter it cannot type.
        replace:
          "'UPDATE perpflow_lease SET heartbeat_at = clock_timestamp() WHERE scope = $1 AND $2::int IS NOT NULL',",
      },
    ],
  },
  {
    name: 'registry-prunes-newest',
    bug: 'the bot registry prunes its newest entries (the pruning sort reversed)',
    suites: ['test/cli/haltFindsNewestBots.test.ts'],
    edits: [
      {
        file: 'src/journal/runningBots.ts',
        find: '  return out.sort((a, b) => b.startedAt - a.startedAt);',
        replace: '  return out.sort((a, b) => a.startedAt - b.startedAt);',
      },
    ],
  },
  {
    name: 'cancel-close-not-ours',
    bug: 'a close we cancelled ourselves raises an unrequested-end alert (no cancelClose case)',
    suites: ['test/execution/cancelledCloseNoAlert.test.ts', 'src/kernel/requestEnds.test.ts'],
    edits: [
      {
        file: 'src/kernel/requestEnds.ts',
        find: "if (r.order.kind === 'cancelOpen' || r.order.kind === 'cancelClose') this.cancelAsked",
        replace: "if (r.order.kind === 'cancelOpen') this.cancelAsked",
      },
    ],
  },
  {
    name: 'sweep-complete-outside-answer-tx',
    bug: "a sweep set's job completed outside the transaction that writes its answer",
    suites: ['test/sweep/sweepCompleteInTx.test.ts', 'test/sweep/sweepQueue.test.ts'],
    edits: [
      {
        file: 'backtest/sweep/queue/recordSetResult.ts',
        find: 'await boss.complete(SWEEP_QUEUE, job.id, { wrote }, { db });',
        replace: 'await boss.complete(SWEEP_QUEUE, job.id, { wrote });',
      },
    ],
  },
  {
    name: 'daily-loss-day-rounded',
    bug: 'the daily loss counted from the nearest midnight (Math.round), the next one after 12:00 UTC',
    suites: ['test/execution/dailyLossAfternoon.test.ts', 'src/risk'],
    edits: [
      {
        file: 'src/execution/ExecutionCore.ts',
        find: 'const dayStart = Math.floor(this.clock.now() / 86_400_000) * 86_400_000;',
        replace: 'const dayStart = Math.round(this.clock.now() / 86_400_000) * 86_400_000;',
      },
    ],
  },
  {
    name: 'integrity-check-result-ignored',
    bug: "the journal's integrity check passes whatever it answers (the 'ok' test dropped)",
    suites: ['test/journal/damagedPages.test.ts', 'src/journal/Journal.test.ts'],
    edits: [
      {
        file: 'src/journal/openJournal.ts',
        find: "return row !== undefined && Object.values(row)[0] === 'ok';",
        replace: 'return row !== undefined;',
      },
    ],
  },
  {
    name: 'misfire-late-run-dropped',
    bug: 'a due time missed by less than the misfire grace is not run late on restart or take-over',
    suites: ['test/scheduler', 'src/scheduler'],
    edits: [
      {
        file: 'src/scheduler/Scheduler.ts',
        find: '    if (m.late !== undefined) this.armFor(entry, m.late);',
        replace: '    if (m.late !== undefined && m.late < 0) this.armFor(entry, m.late);',
      },
    ],
  },
];

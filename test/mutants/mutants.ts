/**
 * The deliberate bugs of the mutation audit (perpflow issue #14), as exact text replacements in
 * src/. `node test/mutants/runMutants.ts [name...]` puts each in alone, runs the suites and chaos,
 * and prints which tests fail; test/MUTATIONS.md holds the last table.
 */
export interface Mutant {
  readonly name: string;
  readonly bug: string;
  readonly edits: readonly { readonly file: string; readonly find: string; readonly replace: string }[];
}

export const MUTANTS: readonly Mutant[] = [
  {
    name: 'submitting-after-send',
    bug: 'the SUBMITTING write journaled after the send instead of before',
    edits: [
      {
        file: 'src/execution/send.ts',
        find: "    records = h.move(ids.map((id) => ({ id, to: 'SUBMITTING' as const, patch: { submittedAt: now } })));\n    h.crashAt('afterCommitBeforeSend');",
        replace:
          "    records = ids.map((id) => h.current(id));\n    h.crashAt('afterCommitBeforeSend');\n    void now;",
      },
      {
        file: 'src/execution/send.ts',
        find: '    failure = e;\n  }\n  if (!h.alive()) return;\n  try {',
        replace:
          "    failure = e;\n  }\n  if (!h.alive()) return;\n  records = h.move(ids.map((id) => ({ id, to: 'SUBMITTING' as const, patch: { submittedAt: h.clock.now() } })));\n  try {",
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
        find: '    if (this.applied.has(fill.fillId)) return false;\n    this.applied.add(fill.fillId);',
        replace: '    this.applied.add(fill.fillId);',
      },
      {
        file: 'src/execution/ExecutionCore.ts',
        find: '    if (this.ledger.hasApplied(fill.fillId)) return false;\n',
        replace: '',
      },
    ],
  },
  {
    name: 'fees-booked-twice',
    bug: 'fees booked twice',
    edits: [
      {
        file: 'src/execution/PositionLedger.ts',
        find: '    lot.fees = lot.fees.plus(fill.fee);',
        replace: '    lot.fees = lot.fees.plus(fill.fee).plus(fill.fee);',
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
];

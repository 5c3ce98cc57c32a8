import { hostname } from 'node:os';
import type { Command } from 'commander';
import { isTerminal } from '../../domain/requestStatus.ts';
import { CLOSE_ALL_REQUESTED, HALT_SIGNAL } from '../../execution/haltSignal.ts';
import { leaseRows, metaWithPrefix, openExistingJournal } from '../../journal/journalStatus.ts';
import { action } from '../action.ts';

const DEFAULT_JOURNAL = 'var/perpflow.sqlite';

/** Sends the halt signal to the instance holding the journal's lease, when it runs on this host. */
function signalHolder(path: string): string {
  const j = openExistingJournal(path);
  try {
    const here = leaseRows(j).filter((l) => l.host === hostname() && l.pid !== process.pid);
    for (const l of here) {
      try {
        process.kill(l.pid, HALT_SIGNAL);
        return `sent ${HALT_SIGNAL} to pid ${l.pid}`;
      } catch {
        // not running any more: the latched state in the journal is what the next start reads
      }
    }
    return 'no running instance on this host; the halt is latched in the journal';
  } finally {
    j.close();
  }
}

/** `perpflow halt`, `perpflow resume`, `perpflow status`: the kill switch and its state, on the journal. */
export function registerRiskCommands(program: Command): void {
  program
    .command('halt')
    .description('kill switch: latch HALTED in the journal (no new exposure) and signal the running instance')
    .option('--journal <path>', 'journal file', DEFAULT_JOURNAL)
    .option('--close-all', 'also close every position with close-all-positions')
    .option('--reason <text>', 'why, for the journal and the alert', 'operator halt (perpflow halt)')
    .action(
      action((o: { journal: string; closeAll?: boolean; reason: string }) => {
        const j = openExistingJournal(o.journal);
        try {
          j.setMeta('tradingState', 'halted');
          j.setMeta('tradingStateReason', o.reason);
          if (o.closeAll) j.setMeta(CLOSE_ALL_REQUESTED, 'cli');
        } finally {
          j.close();
        }
        const signalled = signalHolder(o.journal);
        process.stdout.write(
          `trading halted in ${o.journal}${o.closeAll ? ' (close-all requested)' : ''}; ${signalled}\n`,
        );
      }),
    );

  program
    .command('resume')
    .description('manual reset of a latched halt (kill switch, loss limit, drawdown) and of market halts')
    .requiredOption('--journal <path>', 'journal file')
    .action(
      action((o: { journal: string }) => {
        const j = openExistingJournal(o.journal);
        try {
          j.setMeta('tradingState', 'active');
          j.setMeta('tradingStateReason', 'manual resume (perpflow resume)');
          for (const m of metaWithPrefix(j, 'marketHalt:')) j.deleteMeta(m.key);
          j.deleteMeta(CLOSE_ALL_REQUESTED);
        } finally {
          j.close();
        }
        process.stdout.write(`trading active in ${o.journal}\n`);
      }),
    );

  program
    .command('status')
    .description('trading state, halts, the lease holder, and requests still open or unknown')
    .requiredOption('--journal <path>', 'journal file')
    .option('--json', 'machine-readable output')
    .action(
      action((o: { journal: string; json?: boolean }) => {
        const j = openExistingJournal(o.journal);
        try {
          const all = j.all();
          const counts: Record<string, number> = {};
          for (const r of all) counts[r.status] = (counts[r.status] ?? 0) + 1;
          const open = all.filter((r) => !isTerminal(r.status));
          const status = {
            tradingState: j.getMeta('tradingState') ?? 'active',
            reason: j.getMeta('tradingStateReason') ?? null,
            capabilityHalts: metaWithPrefix(j, 'capabilityHalt:').map((m) => ({
              capability: m.key.slice(15),
              reason: m.value,
            })),
            marketHalts: metaWithPrefix(j, 'marketHalt:').map((m) => ({
              market: m.key.slice(11),
              reason: m.value,
            })),
            lease: leaseRows(j),
            requests: counts,
            open: open.map((r) => ({
              id: r.clientRequestId,
              kind: r.kind,
              symbol: r.symbol,
              side: r.side ?? null,
              quantity: r.quantity?.toString() ?? null,
              status: r.status,
              tempId: r.tempId ?? null,
            })),
            fills: j.fills().length,
            externalPositions: j.externals().length,
          };
          if (o.json) {
            process.stdout.write(`${JSON.stringify(status, null, 2)}\n`);
            return;
          }
          const lines = [
            `trading     ${status.tradingState}${status.reason ? ` (${status.reason})` : ''}`,
            ...status.capabilityHalts.map((c) => `halted      ${c.capability}: ${c.reason}`),
            ...status.marketHalts.map((m) => `halted      ${m.market}: ${m.reason}`),
            `lease       ${status.lease.map((l) => `${l.scope} pid ${l.pid} on ${l.host}`).join(', ') || 'none'}`,
            `requests    ${
              Object.entries(counts)
                .map(([k, n]) => `${k}=${n}`)
                .join(' ') || 'none'
            }`,
            `fills       ${status.fills}; external positions ${status.externalPositions}`,
            ...(open.length === 0 ? ['open        none'] : ['open/unknown:']),
            ...status.open.map(
              (r) =>
                `  ${r.id} ${r.kind} ${r.symbol} ${r.side ?? ''} ${r.quantity ?? ''} ${r.status} ${r.tempId ?? ''}`,
            ),
          ];
          process.stdout.write(`${lines.join('\n')}\n`);
        } finally {
          j.close();
        }
      }),
    );
}

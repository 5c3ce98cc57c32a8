import type { Command } from 'commander';
import { DEFAULT_JOURNAL_PATH } from '../../config/sections/runtime.ts';
import { isTerminal, type RequestStatus } from '../../domain/requestStatus.ts';
import { isPostgresUrl } from '../../journal/postgres/openPostgresJournal.ts';
import { readPgJournal } from '../../journal/postgres/pgReadOnly.ts';
import { openReadOnlyJournal, type ReadOnlyJournal } from '../../journal/readOnlyJournal.ts';
import { action } from '../action.ts';

function statusOf(j: ReadOnlyJournal) {
  const counts: Record<string, number> = {};
  for (const s of j.requestStatuses()) counts[s] = (counts[s] ?? 0) + 1;
  return {
    tradingState: j.meta('tradingState') ?? 'active',
    reason: j.meta('tradingStateReason') ?? null,
    capabilityHalts: j.metaWithPrefix('capabilityHalt:').map((m) => ({
      capability: m.key.slice(15),
      reason: m.value,
    })),
    marketHalts: j.metaWithPrefix('marketHalt:').map((m) => ({ market: m.key.slice(11), reason: m.value })),
    lease: j.lease(),
    requests: counts,
    open: j.requests().filter((r) => !isTerminal(r.status as RequestStatus)),
    fills: j.fillCount(),
    externalPositions: j.externalCount(),
  };
}

function render(status: ReturnType<typeof statusOf>): string {
  const lines = [
    `trading     ${status.tradingState}${status.reason ? ` (${status.reason})` : ''}`,
    ...status.capabilityHalts.map((c) => `halted      ${c.capability}: ${c.reason}`),
    ...status.marketHalts.map((m) => `halted      ${m.market}: ${m.reason}`),
    `lease       ${status.lease.map((l) => `${l.scope} pid ${l.pid} on ${l.host}`).join(', ') || 'none'}`,
    `requests    ${
      Object.entries(status.requests)
        .map(([k, n]) => `${k}=${n}`)
        .join(' ') || 'none'
    }`,
    `fills       ${status.fills}; external positions ${status.externalPositions}`,
    ...(status.open.length === 0 ? ['open        none'] : ['open/unknown:']),
    ...status.open.map(
      (r) =>
        `  ${r.id} ${r.kind} ${r.symbol} ${r.side ?? ''} ${r.quantity ?? ''} ${r.status} ${r.tempId ?? ''}`,
    ),
  ];
  return `${lines.join('\n')}\n`;
}

/** `perpflow status`: reads the journal in SQLite's read-only mode; it never writes to the file. */
export function registerStatusCommand(program: Command): void {
  program
    .command('status')
    .description('trading state, halts, the lease holder, and requests still open or unknown (read-only)')
    .option(
      '--journal <path>',
      'journal file or postgres:// URL (the config default journal.path)',
      DEFAULT_JOURNAL_PATH,
    )
    .option('--json', 'machine-readable output')
    .action(
      action(async (o: { journal: string; json?: boolean }) => {
        const j = isPostgresUrl(o.journal) ? await readPgJournal(o.journal) : openReadOnlyJournal(o.journal);
        try {
          const status = statusOf(j);
          process.stdout.write(o.json ? `${JSON.stringify(status, null, 2)}\n` : render(status));
        } finally {
          j.close();
        }
      }),
    );
}

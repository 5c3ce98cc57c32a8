import { PositionLedger } from '../../execution/PositionLedger.ts';
import { openReadOnlyJournal } from '../../journal/readOnlyJournal.ts';
import { registeredBots } from '../../journal/runningBots.ts';
import { botNameOf } from './botIdentityOf.ts';
import type { HostBotView } from './contract.ts';

/** Every bot running on this host (the registry), each read from its own journal, read-only. */
export function hostBots(): HostBotView[] {
  return registeredBots()
    .filter((b) => b.running)
    .map((b) => {
      let tradingState: string | null = null;
      let pnl: string | null = null;
      try {
        const j = openReadOnlyJournal(b.journal);
        try {
          tradingState = j.meta('tradingState') ?? 'active';
          const ledger = new PositionLedger();
          for (const f of j.fills()) ledger.apply(f);
          const s = ledger.summary();
          pnl = s.realised.minus(s.fees).toString();
        } finally {
          j.close();
        }
      } catch {
        // a PostgreSQL journal, or one being replaced: the list still names the bot
      }
      return {
        name: botNameOf(b.config),
        pid: b.pid,
        mode: b.mode,
        config: b.config,
        startedAt: b.startedAt,
        tradingState,
        pnl,
        console: b.console ?? null,
      };
    });
}

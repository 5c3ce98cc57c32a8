import type { JournalPort } from '../../journal/JournalPort.ts';
import type { MarketFeed } from '../../market/MarketFeed.ts';
import type { Simulator } from '../../simulator/createSimulator.ts';
import type { VenuePort } from '../../venue/VenuePort.ts';

/**
 * What a mode puts at the edges of the one kernel: where orders go, where prices come from and
 * which journal file records them. Nothing past the edges knows the mode.
 */
export interface VenueEdges {
  /** Where every request that could trade goes. */
  readonly venue: VenuePort;
  /** Where mark prices are polled (the trading venue, or a real venue in a dry run). */
  readonly prices: Pick<VenuePort, 'markPrices'>;
  /**
   * A dry run on a real venue: that venue, named for the operator. Its prices drive the paper
   * fills, so it must list every market traded too (a market only the simulator lists would fail
   * at every price poll).
   */
  readonly pricesFrom?: { readonly name: string; readonly venue: Pick<VenuePort, 'markets'> };
  /**
   * Prices pushed instead of polled: a backtest's bar walk, or a shadow hearing its live kernel's
   * stream. Absent: the kernel polls `prices`.
   */
  readonly market?: MarketFeed;
  /** One line for the operator: what this run trades against. */
  readonly describe: string;
  /** True when the venue lives and dies with this process (in sim mode its journal then starts afresh; a dry run continues with its paper account, journalFor.ts). */
  readonly ephemeral: boolean;
  /** Secrets minted for this run (the embedded simulator's key and session), for the redactor's scan. */
  readonly secrets: readonly string[];
  readonly simulator?: Simulator;
  /** Where the embedded simulator listens (sim mode). */
  readonly url?: string;
  /**
   * Called once the run holds its journal's lease, before anything trades or is reconciled: a dry
   * run loads the paper account kept with that journal and saves it from then on. Until then
   * nothing persisted is read or written (a start refused the lease leaves it all as it was).
   */
  attach?(journal: JournalPort): void;
  close(): Promise<void>;
}

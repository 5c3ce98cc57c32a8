import type { JournalPort } from '../../journal/JournalPort.ts';

/** Journal meta key of the next Telegram update to fetch: a restart never fetches one twice. */
export const OFFSET_KEY = 'telegram.updateOffset';

export function readUpdateOffset(journal: Pick<JournalPort, 'getMeta'>): number | undefined {
  const raw = journal.getMeta(OFFSET_KEY);
  const n = raw === undefined ? Number.NaN : Number(raw);
  return Number.isSafeInteger(n) && n > 0 ? n : undefined;
}

/** Written before the update is handled: a crash while handling loses it rather than doing it twice. */
export function writeUpdateOffset(journal: Pick<JournalPort, 'setMeta' | 'write'>, offset: number): void {
  journal.write('telegram offset', () => journal.setMeta(OFFSET_KEY, String(offset)));
}

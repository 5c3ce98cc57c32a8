import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname } from 'node:path';
import { z } from 'zod';

/**
 * The API key a sim-mode run set up on a `perpflow sim` it does not own, kept in a file beside
 * the journal (mode 0600): the next start reuses it instead of creating one more key each time.
 * A simulator key trades play money only; it is still a credential, so the file is the owner's.
 */
const kept = z.object({ url: z.string(), apiKey: z.string(), subaccount: z.string(), wallet: z.string() });
export type KeptSimKey = z.infer<typeof kept>;

export function keptSimKeyFile(journalPath: string): string | undefined {
  return journalPath === ':memory:' || journalPath.includes('://')
    ? undefined
    : `${journalPath}.sim-key.json`;
}

/** The key kept for `url`, if the file holds one for that simulator. */
export function readKeptSimKey(file: string, url: string): KeptSimKey | undefined {
  if (!existsSync(file)) return undefined;
  try {
    const key = kept.parse(JSON.parse(readFileSync(file, 'utf8')));
    return key.url === url ? key : undefined;
  } catch {
    return undefined;
  }
}

export function keepSimKey(file: string, key: KeptSimKey): void {
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, `${JSON.stringify(key)}\n`, { mode: 0o600 });
  chmodSync(file, 0o600);
}

import { mkdirSync } from 'node:fs';
import { tmpdir, userInfo } from 'node:os';
import { join } from 'node:path';

/**
 * The one directory every perpflow process of this user on this host sees, whatever its working
 * directory, config or journal: the account locks and the registry of running bots live here.
 * `PERPFLOW_HOST_DIR` moves it (tests give each run its own).
 */
export function hostStateDir(env: NodeJS.ProcessEnv = process.env): string {
  const dir = env.PERPFLOW_HOST_DIR ?? join(tmpdir(), `perpflow-${userInfo().uid}`);
  mkdirSync(dir, { recursive: true, mode: 0o700 });
  return dir;
}

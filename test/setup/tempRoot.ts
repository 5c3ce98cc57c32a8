/**
 * Registered first in vitest.config.ts `setupFiles`: each test file's temporary files go into
 * folders of its own, removed when the file ends, so `npm test` leaves nothing behind. Before,
 * every run left each test's journals, recordings and host folders in the temp folder and in
 * /dev/shm (on the project's VM, after the test and mutation runs of a week: 24,000 folders and
 * 2.6 GB of /dev/shm, which is memory, and 19 GB of /tmp).
 *
 * `TMPDIR` covers `os.tmpdir()` in this process and in every perpflow it spawns;
 * `PERPFLOW_TEST_SHM` is where tests that want a memory-backed disk put their journals
 * (tempJournalPath in test/execution/harness.ts). The removal runs after the file's own
 * `afterAll` hooks (vitest's default hook order, "stack"), once its servers have stopped.
 */
import { chmodSync, existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll } from 'vitest';

const root = mkdtempSync(join(tmpdir(), 'pf-test-'));
// Other users may pass through (not list): as root, the tests' embedded PostgreSQL runs as the
// `postgres` user and must reach its data folder inside (test/journal/pgServer.ts).
chmodSync(root, 0o711);
const shm = existsSync('/dev/shm') ? mkdtempSync('/dev/shm/pf-test-') : root;
process.env.TMPDIR = root;
process.env.PERPFLOW_TEST_SHM = shm;

afterAll(() => {
  for (const dir of new Set([root, shm])) rmSync(dir, { recursive: true, force: true, maxRetries: 3 });
});

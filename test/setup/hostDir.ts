/**
 * Registered in vitest.config.ts `setupFiles`: each test file gets its own host-wide state folder
 * (account locks, the registry of running bots), so suites running at once on one machine — two
 * worktrees, or CI beside a developer — never see each other's bots. A test that sets
 * PERPFLOW_HOST_DIR itself keeps its own.
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

if (process.env.PERPFLOW_HOST_DIR === undefined) {
  process.env.PERPFLOW_HOST_DIR = mkdtempSync(join(tmpdir(), 'perpflow-host-'));
}

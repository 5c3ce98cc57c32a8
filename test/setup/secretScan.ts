/**
 * Registered in vitest.config.ts `setupFiles`: every test file runs with the secret tap on, and
 * after its last hook the scan looks for every secret the file noted — whole, or any 16+ character
 * piece — in every output the file collected (log lines of every sink, error messages and causes,
 * this process's stdout and stderr, the Prometheus default registry, and whatever else calls
 * noteOutput). A leak fails the file with the channel and a masked excerpt, never the secret.
 */
import { appendFileSync } from 'node:fs';
import { afterAll, expect } from 'vitest';
import { describeLeaks, findLeaks, type Leak } from '../../src/log/findLeaks.ts';
import { mask } from '../../src/log/redact.ts';
import { noteOutput, secretTap } from '../../src/log/secretTap.ts';
import { noteRequestSecrets } from './noteRequestSecrets.ts';
import { promDefaultRegistryText } from './promDefaultRegistry.ts';
import { allowances, type SecretAllowance } from './secretAllowance.ts';
import { tapStdio } from './tapStdio.ts';

secretTap.enabled = true;
tapStdio();
noteRequestSecrets();

/** The leaks no allowance covers, and the allowances no leak needed. */
export function scan(): { leaks: Leak[]; unused: string[] } {
  const used = new Set<SecretAllowance>();
  const leaks = findLeaks(secretTap.secrets, secretTap.outputs, (source, secret) => {
    const allowance = allowances.find((a) => a.source === source && a.secret === secret);
    if (allowance !== undefined) used.add(allowance);
    return allowance !== undefined;
  });
  const unused = allowances
    .filter((a) => !used.has(a))
    .map((a) => `${a.source} ${mask(a.secret)} (${a.reason})`);
  return { leaks, unused };
}

/** With PERPFLOW_SECRET_SCAN_STATS=<file>, one JSON line per test file: what was scanned and how long it took. */
function recordStats(file: string | undefined, ms: number): void {
  const target = process.env.PERPFLOW_SECRET_SCAN_STATS;
  if (target === undefined || target === '') return;
  const chars = secretTap.outputs.reduce((n, o) => n + o.text.length, 0);
  const line = {
    file,
    secrets: secretTap.secrets.size,
    outputs: secretTap.outputs.length,
    chars,
    scanMs: ms,
  };
  appendFileSync(target, `${JSON.stringify(line)}\n`);
}

afterAll(async () => {
  const metrics = await promDefaultRegistryText();
  if (metrics !== null) noteOutput('metric:default-registry', metrics);
  const t0 = performance.now();
  const { leaks, unused } = scan();
  recordStats(expect.getState().testPath, performance.now() - t0);
  secretTap.secrets.clear();
  secretTap.outputs.length = 0;
  allowances.length = 0;
  const problems: string[] = [];
  if (leaks.length > 0) problems.push(`secret scan: ${leaks.length} leak(s)\n${describeLeaks(leaks)}`);
  if (unused.length > 0)
    problems.push(`secret scan: allowance(s) never needed, remove them:\n${unused.join('\n')}`);
  if (problems.length > 0) throw new Error(problems.join('\n'));
});

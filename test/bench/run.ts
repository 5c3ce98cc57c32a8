/**
 * `npm run bench [-- name…]`: runs every test/bench/*.bench.ts (or the named ones) one after
 * another, each in its own Node 24 process so they do not disturb each other's heap and JIT,
 * and stops with exit 1 if any fails. Each bench prints its own table with the baseline ratio.
 */
import { spawnSync } from 'node:child_process';
import { readdirSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';

const here = dirname(fileURLToPath(import.meta.url));
const wanted = process.argv.slice(2);
const benches = readdirSync(here)
  .filter((f) => f.endsWith('.bench.ts'))
  .filter((f) => wanted.length === 0 || wanted.some((w) => f.startsWith(w)))
  .sort();

if (benches.length === 0) {
  process.stderr.write(`no benchmark matches ${wanted.join(', ') || '*.bench.ts'} in ${here}\n`);
  process.exit(2);
}

const failed: string[] = [];
for (const file of benches) {
  process.stdout.write(`\n=== ${file} ===\n`);
  const run = spawnSync(process.execPath, [join(here, file)], { stdio: 'inherit' });
  if (run.status !== 0) failed.push(file);
}
process.stdout.write(
  `\n${benches.length - failed.length} of ${benches.length} benchmarks completed${failed.length ? `; failed: ${failed.join(', ')}` : ''}\n`,
);
process.exit(failed.length === 0 ? 0 : 1);

// The thread that reads --data and --funding (readDataInWorker.ts). Plain JavaScript: installed
// under node_modules, perpflow's .ts files load only through the module hooks of bin/moduleHooks.js,
// and a worker registers them for itself before its first TypeScript file, as the launcher does.
import { enableCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// The worker loads its modules again: with the compile cache on first, it reuses the CLI's.
enableCompileCache();
(await import('../../bin/moduleHooks.js')).registerHooksIfInstalled();
const { readDataSplit } = await import('./readDataSplit.ts');
// A large file is cut further, across threads of this worker's own (readBarColumnsSplit.ts).
const data = await readDataSplit(workerData);
// The columns move to the caller's thread (transferred, not copied).
const buffers = new Set();
for (const f of data.feeds)
  for (const c of [f.time, f.open, f.high, f.low, f.close, f.volume])
    if (c.buffer instanceof ArrayBuffer) buffers.add(c.buffer);
parentPort?.postMessage(data, [...buffers]);

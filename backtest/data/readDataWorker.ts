import { enableCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// The worker loads its modules again: with the compile cache on first, it reuses the CLI's.
enableCompileCache();
const { readData } = await import('./readData.ts');
const data = readData(workerData);
// The columns move to the caller's thread (transferred, not copied).
const buffers = new Set<ArrayBuffer>();
for (const f of data.feeds)
  for (const c of [f.time, f.open, f.high, f.low, f.close, f.volume])
    if (c.buffer instanceof ArrayBuffer) buffers.add(c.buffer);
parentPort?.postMessage(data, [...buffers]);

// The thread that parses one range of a large bar file (readBarColumnsSplit.ts). Plain
// JavaScript for the reason readDataWorker.js is: installed under node_modules, perpflow's .ts
// files load only through the module hooks, which a worker registers for itself.
import { enableCompileCache } from 'node:module';
import { parentPort, workerData } from 'node:worker_threads';

// With the compile cache on first, the worker reuses the modules its parent compiled.
enableCompileCache();
(await import('../../bin/moduleHooks.js')).registerHooksIfInstalled();
const { parseBarChunk } = await import('./parseBarChunk.ts');
const rows = parseBarChunk(workerData.file, workerData.range, workerData.plan);
// The columns move to the parent (transferred, not copied); undefined sends the file to one thread.
const r = rows?.raw;
const buffers = r === undefined ? [] : [r.time, r.open, r.high, r.low, r.close, r.volume, r.lines];
parentPort?.postMessage(
  rows,
  buffers.map((c) => c.buffer),
);

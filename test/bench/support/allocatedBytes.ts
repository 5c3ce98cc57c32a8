import { GCProfiler, getHeapStatistics } from 'node:v8';

/**
 * Bytes the JavaScript heap allocated while `run` ran: the growth of the used heap plus what every
 * garbage collection in between freed (V8's GC profiler reports the heap before and after each).
 * V8 keeps no running total of allocations, so this is the closest exact-enough reading.
 */
export async function allocatedBytes(run: () => Promise<void>): Promise<number> {
  const profiler = new GCProfiler();
  profiler.start();
  const before = getHeapStatistics().used_heap_size;
  await run();
  const after = getHeapStatistics().used_heap_size;
  const gcs = profiler.stop()?.statistics ?? [];
  let freed = 0;
  for (const g of gcs)
    freed += g.beforeGC.heapStatistics.usedHeapSize - g.afterGC.heapStatistics.usedHeapSize;
  return after - before + freed;
}

import { parentPort, workerData } from 'node:worker_threads';
import type { LoadedData } from '../data/readData.ts';
import { runSweepJob, type SweepJob } from './runSweepJob.ts';

// Each worker takes jobs one at a time from the parent until it is told to stop.
if (parentPort !== null) {
  const port = parentPort;
  const { ids, loaded } = workerData as { ids: readonly string[]; loaded: LoadedData };
  port.on('message', (job: SweepJob | null) => {
    if (job === null) {
      port.close();
      return;
    }
    void runSweepJob(job, ids, loaded).then((answer) => port.postMessage(answer));
  });
}

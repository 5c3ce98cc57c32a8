/** What a `perpflow worker`'s log says of the sets it recorded: their wall and CPU times. */
export interface WorkerSets {
  readonly sets: number;
  readonly wallMs: number;
  readonly cpuMs: number;
}

/** Sums the `recorded (W ms, CPU C ms)` lines of one worker's log. */
export function workerSets(lines: readonly string[]): WorkerSets {
  let sets = 0;
  let wallMs = 0;
  let cpuMs = 0;
  for (const line of lines) {
    const m = /: recorded \((\d+) ms, CPU (\d+) ms\)$/.exec(line);
    if (m === null) continue;
    sets++;
    wallMs += Number(m[1]);
    cpuMs += Number(m[2]);
  }
  return { sets, wallMs, cpuMs };
}

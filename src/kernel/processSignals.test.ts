import { Writable } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { LAUNCHER_DIED } from '../../bin/launcherLifeline.js';
import { createLogger } from '../log/createLogger.ts';
import type { Kernel } from './Kernel.ts';
import { bindProcessSignals } from './processSignals.ts';

/** A real logger writing into `lines`, as the bot's terminal would show them. */
function terminalLog(lines: string[]) {
  const terminal = new Writable({
    write(chunk, _enc, done) {
      lines.push(String(chunk));
      done();
    },
  });
  return createLogger({ terminal, file: null, level: 'info' });
}

const before = { SIGINT: process.listenerCount('SIGINT'), SIGTERM: process.listenerCount('SIGTERM') };
afterEach(() => {
  // The handlers stay bound by design (a late duplicate must find one): remove this test's.
  for (const s of ['SIGINT', 'SIGTERM'] as const)
    for (const l of process.listeners(s).slice(before[s])) process.off(s, l);
  process.removeAllListeners(LAUNCHER_DIED);
});

// The kernel is read only by the kill switch's SIGUSR2 handler, which these tests do not raise.
const kernel = {} as Kernel;

describe('the stop signals', () => {
  it('takes the same Ctrl-C heard twice (terminal and launcher) for one stop request', () => {
    const lines: string[] = [];
    const stops: string[] = [];
    let now = 1_000;
    bindProcessSignals(kernel, terminalLog(lines), (s) => stops.push(s), { elapsedMs: () => now });
    process.emit('SIGINT', 'SIGINT');
    now += 40; // the launcher's forwarded copy, a few ms later
    process.emit('SIGINT', 'SIGINT');
    expect(stops).toEqual(['SIGINT']);
    expect(lines.join('')).not.toContain('exiting now');
  });

  it('lets a signal arriving after the stop finished and the log closed change nothing', async () => {
    const lines: string[] = [];
    const log = terminalLog(lines);
    const stops: string[] = [];
    let now = 0;
    const finished = bindProcessSignals(kernel, log, (s) => stops.push(s), { elapsedMs: () => now });
    process.emit('SIGTERM', 'SIGTERM');
    finished();
    await log.close();
    now = 60_000; // long past the duplicate window: a second request, were the stop still running
    expect(() => process.emit('SIGINT', 'SIGINT')).not.toThrow();
    expect(stops).toEqual(['SIGTERM']);
  });

  it('stops once, naming the launcher, when the launcher the operator started dies', () => {
    const lines: string[] = [];
    const stops: string[] = [];
    bindProcessSignals(kernel, terminalLog(lines), (s) => stops.push(s), { elapsedMs: () => 0 });
    (process as NodeJS.EventEmitter).emit(LAUNCHER_DIED, 4242);
    expect(stops).toEqual(['the launcher (pid 4242) died']);
  });

  it('lets a stop already under way finish when the launcher then dies: no second request, no exit', () => {
    const lines: string[] = [];
    const stops: string[] = [];
    let now = 0;
    bindProcessSignals(kernel, terminalLog(lines), (s) => stops.push(s), { elapsedMs: () => now });
    process.emit('SIGTERM', 'SIGTERM');
    now = 60_000; // long past the duplicate window: a second SIGTERM here would exit at once
    (process as NodeJS.EventEmitter).emit(LAUNCHER_DIED, 4242);
    expect(stops).toEqual(['SIGTERM']);
    expect(lines.join('')).not.toContain('exiting now');
  });
});

import { noteOutput } from '../../src/log/secretTap.ts';

type Write = typeof process.stdout.write;
type Note = (source: string, text: string) => void;

/** Where the wrapped streams find the current file's tap: a worker may run several files. */
const CURRENT = Symbol.for('perpflow.secretScan.noteStdio');
const WRAPPED = Symbol.for('perpflow.secretScan.stdioWrapped');
const slots = globalThis as unknown as Record<symbol, Note | boolean | undefined>;

/**
 * Sends what the code under test writes to this process's stdout and stderr (the CLI's tables,
 * its `error: …` lines, the simulator's internal errors) through the tap as `stdout` / `stderr`.
 */
export function tapStdio(): void {
  slots[CURRENT] = noteOutput;
  if (slots[WRAPPED] === true) return;
  slots[WRAPPED] = true;
  for (const [source, stream] of [
    ['stdout', process.stdout],
    ['stderr', process.stderr],
  ] as const) {
    const write: Write = stream.write;
    stream.write = function tapped(this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      const note = slots[CURRENT];
      if (typeof note === 'function')
        note(source, typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
      return Reflect.apply(write, this, [chunk, ...rest]) as boolean;
    } as Write;
  }
}

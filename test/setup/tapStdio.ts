import { noteOutput, secretTap } from '../../src/log/secretTap.ts';

type Write = typeof process.stdout.write;

/**
 * Sends what the code under test writes to this process's stdout and stderr (the CLI's tables,
 * its `error: …` lines, the simulator's internal errors) through the tap as `stdout` / `stderr`.
 */
export function tapStdio(): void {
  for (const [source, stream] of [
    ['stdout', process.stdout],
    ['stderr', process.stderr],
  ] as const) {
    const write: Write = stream.write;
    stream.write = function tapped(this: NodeJS.WriteStream, chunk: unknown, ...rest: unknown[]): boolean {
      if (secretTap.enabled)
        noteOutput(source, typeof chunk === 'string' ? chunk : Buffer.from(chunk as Uint8Array).toString());
      return Reflect.apply(write, this, [chunk, ...rest]) as boolean;
    } as Write;
  }
}

import { format } from 'winston';
import { noteOutput, secretTap } from './secretTap.ts';

/** Where winston keeps the finished line a transport writes. */
const MESSAGE = Symbol.for('message');

/**
 * The last format of every sink: hands the finished line, exactly as the sink writes it, to the
 * secret tap. One boolean test when the tap is off.
 */
export const tapFormat = format((info, opts: unknown) => {
  if (secretTap.enabled) {
    const source: unknown =
      typeof opts === 'object' && opts !== null ? Reflect.get(opts, 'source') : undefined;
    const line = info[MESSAGE];
    noteOutput(
      typeof source === 'string' ? source : 'log',
      typeof line === 'string' ? line : JSON.stringify(info),
    );
  }
  return info;
});

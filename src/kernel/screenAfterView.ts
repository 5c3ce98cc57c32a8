import { Writable } from 'node:stream';

/**
 * Log lines for the screen while a live view owns it: dropped while the view draws (it shows the
 * same events), passed to `out` once `open()` is called, when the view has stopped. A stop on a
 * terminal thus ends with its summary on the screen (`SIGINT: stopping …`, `venue = ledger at
 * stop …`, `stopped: N open positions …`), not only in the log file.
 */
export function screenAfterView(out: NodeJS.WritableStream): { readonly stream: Writable; open(): void } {
  let open = false;
  const stream = new Writable({
    write(chunk: Buffer | string, _encoding, done) {
      if (open) out.write(chunk);
      done();
    },
  });
  return {
    stream,
    open: () => {
      open = true;
    },
  };
}

import { closeSync, openSync, writeSync } from 'node:fs';

/** `bytes` copied to `buf` at `at`; returns the end (a loop: these are a few bytes, a call to set() costs more). */
export function putBytes(buf: Uint8Array, at: number, bytes: Uint8Array): number {
  for (let i = 0; i < bytes.length; i++) buf[at + i] = bytes[i] ?? 0;
  return at + bytes.length;
}

/**
 * A file written through one reused buffer: a writer asks for `room(n)`, writes up to n bytes at
 * `buf[pos]` and moves `pos` on; a full buffer goes to the file. Millions of short JSON lines
 * (an equity curve) cost no string each, no join and few system calls.
 */
export class ByteFile {
  readonly buf: Buffer;
  pos = 0;
  readonly #fd: number;

  constructor(file: string, size = 1 << 20) {
    this.buf = Buffer.allocUnsafe(size);
    this.#fd = openSync(file, 'w');
  }

  /** Makes room for n ≤ buf.length bytes at `pos`. */
  room(n: number): void {
    if (this.pos + n > this.buf.length) this.flush();
  }

  /** Any text, as UTF-8. */
  text(s: string): void {
    // UTF-8 takes at most 3 bytes per UTF-16 unit (a surrogate pair: 4 for 2).
    if (s.length * 3 > this.buf.length) {
      this.flush();
      this.#write(Buffer.from(s, 'utf8'));
      return;
    }
    this.room(s.length * 3);
    this.pos += this.buf.write(s, this.pos, 'utf8');
  }

  /** Writes what the buffer holds to the file. */
  flush(): void {
    this.#write(this.buf.subarray(0, this.pos));
    this.pos = 0;
  }

  /** Flushes and closes the file (closed even when the flush fails). */
  close(): void {
    try {
      this.flush();
    } finally {
      closeSync(this.#fd);
    }
  }

  #write(bytes: Uint8Array): void {
    // A write may take fewer bytes than given (a full disk answers with an error, not 0).
    for (let done = 0; done < bytes.length; ) done += writeSync(this.#fd, bytes, done, bytes.length - done);
  }
}

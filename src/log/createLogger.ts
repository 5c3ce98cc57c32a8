import { mkdirSync } from 'node:fs';
import { dirname } from 'node:path';
import type { Writable } from 'node:stream';
import winston, { format } from 'winston';
import type { Clock } from '../clock/Clock.ts';
import { SystemClock } from '../clock/SystemClock.ts';
import type { Logger, LogLevel, LogMeta } from './Logger.ts';
import { lineFormat } from './lineFormat.ts';
import { redact, redactText } from './redact.ts';
import { redactFormat } from './redactFormat.ts';
import { tapFormat } from './tapFormat.ts';

export interface LoggerOptions {
  readonly level?: LogLevel;
  /** JSON lines are appended here; null or absent for none. */
  readonly file?: string | null;
  /** Readable lines go here (default: stderr, so stdout stays clean for `--json` output). */
  readonly terminal?: Writable | null;
  /** Extra JSON-lines sinks (tests, shipping to a collector). */
  readonly jsonStreams?: readonly Writable[];
  readonly clock?: Clock;
}

/** Time comes from the injected clock, so a backtest's log shows backtest time. */
const clockTimestamp = (clock: Clock) =>
  format((info) => {
    info.time = new Date(clock.now()).toISOString();
    return info;
  });

class WinstonLogger implements Logger {
  private readonly w: winston.Logger;
  private readonly base: LogMeta;
  constructor(w: winston.Logger, base: LogMeta) {
    this.w = w;
    this.base = base;
  }
  private log(level: LogLevel, message: string, meta?: LogMeta): void {
    // Before the redaction: a filtered line (debug at level info) costs nothing but this check.
    if (!this.w.isLevelEnabled(level)) return;
    // Redact here as well as in the format: metadata may hold live objects (errors, Headers).
    // A plain record redacts to a plain record; the typeof only tells TypeScript so.
    const fields = redact({ ...this.base, ...meta });
    this.w.log({ ...(typeof fields === 'object' ? fields : {}), level, message: redactText(message) });
  }
  error(message: string, meta?: LogMeta): void {
    this.log('error', message, meta);
  }
  warn(message: string, meta?: LogMeta): void {
    this.log('warn', message, meta);
  }
  info(message: string, meta?: LogMeta): void {
    this.log('info', message, meta);
  }
  debug(message: string, meta?: LogMeta): void {
    this.log('debug', message, meta);
  }
  enabled(level: LogLevel): boolean {
    return this.w.isLevelEnabled(level);
  }
  child(meta: LogMeta): Logger {
    return new WinstonLogger(this.w, { ...this.base, ...meta });
  }
  close(): Promise<void> {
    if (this.w.writable === false) return Promise.resolve();
    return new Promise((resolve) => {
      this.w.on('finish', () => resolve());
      this.w.end();
    });
  }
}

/** JSON lines in files, readable lines on a terminal, every line through the one redactor. */
export function createLogger(options: LoggerOptions = {}): Logger {
  const clock = options.clock ?? new SystemClock();
  const stamp = clockTimestamp(clock);
  const transports: winston.transport[] = [];
  const terminal = options.terminal === undefined ? process.stderr : options.terminal;
  if (terminal !== null) {
    transports.push(
      new winston.transports.Stream({
        stream: terminal,
        format: format.combine(redactFormat(), stamp(), lineFormat, tapFormat({ source: 'log:terminal' })),
      }),
    );
  }
  const json = (source: string) =>
    format.combine(redactFormat(), stamp(), format.json(), tapFormat({ source }));
  if (options.file) {
    mkdirSync(dirname(options.file), { recursive: true });
    transports.push(new winston.transports.File({ filename: options.file, format: json('log:file') }));
  }
  for (const stream of options.jsonStreams ?? [])
    transports.push(new winston.transports.Stream({ stream, format: json('log:json') }));
  const w = winston.createLogger({
    level: options.level ?? 'info',
    levels: winston.config.npm.levels,
    transports,
    exitOnError: false,
  });
  return new WinstonLogger(w, {});
}

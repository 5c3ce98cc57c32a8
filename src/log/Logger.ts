/** The logging port every module takes; the winston implementation is in createLogger.ts. */
export type LogLevel = 'error' | 'warn' | 'info' | 'debug';
export const LOG_LEVELS: readonly LogLevel[] = ['error', 'warn', 'info', 'debug'];

export type LogMeta = Readonly<Record<string, unknown>>;

export interface Logger {
  error(message: string, meta?: LogMeta): void;
  warn(message: string, meta?: LogMeta): void;
  info(message: string, meta?: LogMeta): void;
  debug(message: string, meta?: LogMeta): void;
  /** Whether a line at `level` goes anywhere: a caller skips building a line nobody will read. */
  enabled(level: LogLevel): boolean;
  /** A logger that adds `meta` (for example `{ component: 'tracker' }`) to every line. */
  child(meta: LogMeta): Logger;
  /** Flushes and closes the sinks (files); lines logged afterwards are dropped. */
  close(): Promise<void>;
}

/** Discards everything: the default where no logger is injected. */
export const silentLogger: Logger = {
  error: () => {},
  warn: () => {},
  info: () => {},
  debug: () => {},
  enabled: () => false,
  child: () => silentLogger,
  close: async () => {},
};

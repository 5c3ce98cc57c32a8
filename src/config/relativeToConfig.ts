import { dirname, isAbsolute, join } from 'node:path';
import type { PerpflowConfig } from './schema.ts';

/**
 * The config's file paths taken from the config file's folder, like its strategy modules: the
 * journal (and the dry run's paper account beside it), the log file, the fault profile, the
 * price CSV and the console's TLS certificate and key. `run`, `status`, `halt`, `resume` and `config validate` then find the same files
 * whatever the working directory. A config in the working directory keeps its paths as written.
 */
export function relativeToConfig(config: PerpflowConfig, configFile: string): PerpflowConfig {
  const base = dirname(configFile);
  const from = (path: string): string => (isAbsolute(path) ? path : join(base, path));
  const { journal, logging, simulator, console: consoleConfig, record } = config;
  const tls = consoleConfig.tls;
  return {
    ...config,
    journal: {
      ...journal,
      path: journal.path === ':memory:' || journal.path.includes('://') ? journal.path : from(journal.path),
    },
    record: { ...record, path: record.path === null ? null : from(record.path) },
    logging: { ...logging, file: logging.file === null ? null : from(logging.file) },
    simulator: {
      ...simulator,
      faults: simulator.faults === null ? null : from(simulator.faults),
      prices: simulator.prices === 'gbm' ? 'gbm' : from(simulator.prices),
    },
    console: {
      ...consoleConfig,
      tls: tls === null ? null : { certFile: from(tls.certFile), keyFile: from(tls.keyFile) },
    },
  };
}

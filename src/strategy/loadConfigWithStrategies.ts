import { dirname } from 'node:path';
import { type LoadConfigOptions, loadConfig, strategyEntries } from '../config/loadConfig.ts';
import type { PerpflowConfig } from '../config/schema.ts';
import type { AnyStrategy } from './defineStrategy.ts';
import { loadStrategyModule } from './loadStrategyModule.ts';

export interface LoadedConfig {
  readonly config: PerpflowConfig;
  /** Each enabled strategy entry's module, by strategy id. */
  readonly strategies: ReadonlyMap<string, AnyStrategy>;
}

/**
 * Loads a config and the strategy modules it names (built-in names or paths relative to the
 * config file), then validates each entry's `params` by that strategy's own schema. Every
 * problem — a module that cannot be loaded, a bad parameter — is one ConfigError issue at
 * file:line:col, like the rest of the config.
 */
export async function loadConfigWithStrategies(
  file: string,
  options: LoadConfigOptions = {},
): Promise<LoadedConfig> {
  // The modules the file names, read before it is validated: a problem elsewhere in the file
  // must not hide the problems in a strategy's params (one run lists every problem).
  const modules = new Map<string, AnyStrategy | Error>();
  for (const s of strategyEntries(file)) {
    if (modules.has(s.module)) continue;
    try {
      modules.set(s.module, await loadStrategyModule(s.module, dirname(file)));
    } catch (error) {
      modules.set(s.module, error instanceof Error ? error : new Error(String(error)));
    }
  }
  const config = loadConfig(file, {
    ...options,
    strategyParams: (s) => {
      const m = modules.get(s.module);
      if (m instanceof Error) throw m;
      return m?.params;
    },
  });
  const strategies = new Map<string, AnyStrategy>();
  for (const s of config.strategies) {
    const m = modules.get(s.module);
    if (s.enabled && m !== undefined && !(m instanceof Error)) strategies.set(s.id, m);
  }
  return { config, strategies };
}

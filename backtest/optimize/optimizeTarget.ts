import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import type { SearchSpace } from '../../src/config/searchSpace.ts';
import { searchSpace } from '../../src/config/searchSpace.ts';
import { ConfigError } from '../../src/errors/ConfigError.ts';
import { loadConfigWithStrategies } from '../../src/strategy/loadConfigWithStrategies.ts';
import type { SymbolFile } from '../data/readData.ts';

/** The strategy a study tunes and the space its `optimize` section defines. */
export interface OptimizeTarget {
  readonly strategyId: string;
  readonly space: SearchSpace;
}

/**
 * The strategy entry whose `optimize` section the study searches (the config's only one, or the
 * one --strategy names), its space read against the strategy's schema (the load has already
 * refused a bad section at its line and column).
 */
export async function optimizeTarget(
  configFile: string,
  strategy: string | undefined,
): Promise<OptimizeTarget> {
  const { config, strategies } = await loadConfigWithStrategies(configFile);
  const tuned = config.strategies.filter((s) => s.enabled && s.optimize !== undefined);
  const chosen = strategy === undefined ? tuned : tuned.filter((s) => s.id === strategy);
  const entry = chosen[0];
  const index = config.strategies.findIndex((s) => s.id === entry?.id);
  if (entry === undefined || entry.optimize === undefined)
    throw new ConfigError([
      {
        location: { file: configFile },
        path: 'strategies',
        message:
          strategy !== undefined
            ? `--strategy ${strategy}: no enabled strategy of that id has an optimize section (have: ${tuned.map((s) => s.id).join(', ') || 'none'})`
            : 'no enabled strategy has an optimize section: add one to the entry to tune, like optimize: { fast: [5, 50], slow: [20, 200, log], constraints: ["fast < slow"] }',
      },
    ]);
  if (chosen.length > 1)
    throw new ConfigError(
      `${configFile}: ${chosen.map((s) => s.id).join(', ')} each have an optimize section: name the one to tune with --strategy ID`,
    );
  const module = strategies.get(entry.id);
  if (module === undefined) throw new ConfigError(`${configFile}: strategy ${entry.id} could not be loaded`);
  const { space, problems } = searchSpace(module.params, entry.optimize);
  if (problems.length > 0 || space.params.length === 0)
    throw new ConfigError([
      {
        location: { file: configFile },
        path: `strategies[${index}].optimize`,
        message: problems[0]?.message ?? 'names no parameter to search',
      },
    ]);
  return { strategyId: entry.id, space };
}

/** sha256 of a file's bytes, or of several files' (each prefixed by its symbol). */
export function filesSha256(files: readonly SymbolFile[]): string {
  const h = createHash('sha256');
  for (const f of files) h.update(`${f.symbol}=`).update(readFileSync(f.file));
  return h.digest('hex');
}

export const fileSha256 = (file: string): string =>
  createHash('sha256').update(readFileSync(file)).digest('hex');

import { loadConfig } from '../../../src/config/loadConfig.ts';
import { type LoadedData, readData, type SymbolFile } from '../../data/readData.ts';
import { findFile } from './findFile.ts';
import type { QueuedSet } from './queuedSet.ts';

/** A set's inputs on this worker: the local files, the config's strategy ids, the bars read. */
export interface SetInputs {
  readonly configFile: string;
  readonly data: readonly SymbolFile[];
  readonly funding: readonly SymbolFile[];
  readonly ids: readonly string[];
  readonly loaded: LoadedData;
}

/**
 * Finds and reads a set's inputs, keeping the last ones: the sets of one sweep share their files,
 * so a worker reads them once per sweep (not per set) and holds one sweep's bars at a time.
 * Throws MissingInputError when a file is not on this worker.
 */
export function setInputsCache(dataDir: string | undefined): (set: QueuedSet) => SetInputs {
  let last: { readonly key: string; readonly inputs: SetInputs } | undefined;
  return (set) => {
    const key = JSON.stringify([set.config, set.data, set.funding]);
    if (last?.key === key) return last.inputs;
    const configFile = findFile(set.config, 'config', dataDir);
    const data = set.data.map((d) => ({ symbol: d.symbol, file: findFile(d.file, 'data', dataDir) }));
    const funding = set.funding.map((d) => ({
      symbol: d.symbol,
      file: findFile(d.file, 'funding', dataDir),
    }));
    last = undefined; // the previous sweep's bars may go before this one's are read
    const inputs: SetInputs = {
      configFile,
      data,
      funding,
      ids: loadConfig(configFile).strategies.map((s) => s.id),
      loaded: readData({ data, funding }),
    };
    last = { key, inputs };
    return inputs;
  };
}

import { readFileSync } from 'node:fs';
import { parseDocument } from 'yaml';
import { configSchema } from '../../config/schema.ts';
import { isRecord } from '../../domain/isRecord.ts';
import { FaultProfileSchema } from '../../simulator/faults/FaultProfile.ts';

/**
 * Whether `file` is a simulator fault profile (config/faults/*.yaml) rather than a config: a
 * mapping whose keys are all fault profile keys and none a config key. `config validate` then
 * checks it as what it is instead of listing each key as unknown.
 */
export function isFaultProfileFile(file: string): boolean {
  let data: unknown;
  try {
    data = parseDocument(readFileSync(file, 'utf8')).toJS();
  } catch {
    return false;
  }
  if (!isRecord(data)) return false;
  const keys = Object.keys(data);
  const faultKeys = new Set(Object.keys(FaultProfileSchema.shape));
  const configKeys = new Set(Object.keys(configSchema.shape));
  return keys.length > 0 && keys.every((k) => faultKeys.has(k) && !configKeys.has(k));
}

import { createHash } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { dirname, isAbsolute, resolve } from 'node:path';
import { fileURLToPath } from 'node:url';
import type { PerpflowConfig } from '../../config/schema.ts';
import { builtinStrategyUrl, isBuiltinStrategy } from '../../strategy/builtins.ts';

/** The file a strategy entry's module is read from (a built-in's own source file). */
export function moduleFile(module: string, configFile: string): string {
  if (isBuiltinStrategy(module)) return fileURLToPath(builtinStrategyUrl(module));
  return isAbsolute(module) ? module : resolve(dirname(configFile), module);
}

/**
 * sha256 of each enabled strategy's module source, by strategy id: a replay says when the code
 * that decided is not the code it runs. The entry file only, not what it imports.
 */
export function moduleHashes(config: PerpflowConfig, configFile: string): Record<string, string> {
  const out: Record<string, string> = {};
  for (const s of config.strategies) {
    if (!s.enabled) continue;
    try {
      out[s.id] = createHash('sha256')
        .update(readFileSync(moduleFile(s.module, configFile)))
        .digest('hex');
    } catch {
      out[s.id] = 'unreadable';
    }
  }
  return out;
}

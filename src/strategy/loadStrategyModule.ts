import { existsSync } from 'node:fs';
import { isAbsolute, resolve } from 'node:path';
import { pathToFileURL } from 'node:url';
import { registerPerpflowHooks } from '../../bin/moduleHooks.js';
import { BUILTIN_STRATEGY_NAMES, builtinStrategyUrl, isBuiltinStrategy } from './builtins.ts';
import { type AnyStrategy, isDefinedStrategy } from './defineStrategy.ts';
import { locateLoadError } from './moduleLoadError.ts';

/**
 * A strategy by built-in name (`sma-cross`) or by path to a module (`.ts` or `.js`), a relative
 * path being taken from `baseDir` (the config file's folder). The module may live anywhere on
 * disk: its `import … from 'perpflow'` is this perpflow (bin/moduleHooks.js). The module's
 * default export must come from defineStrategy. Throws an Error saying which of these failed,
 * a load failure at `file:line:column` of the source that caused it.
 */
export async function loadStrategyModule(module: string, baseDir: string): Promise<AnyStrategy> {
  let exports: { default?: unknown };
  if (isBuiltinStrategy(module)) {
    exports = (await import(builtinStrategyUrl(module).href)) as { default?: unknown };
  } else {
    const looksLikePath = /[/\\]|\.[cm]?[jt]s$/.test(module);
    const known = BUILTIN_STRATEGY_NAMES.join(', ');
    if (!looksLikePath)
      throw new Error(`no built-in strategy named "${module}" (built-ins: ${known}; or give a path)`);
    const file = isAbsolute(module) ? module : resolve(baseDir, module);
    if (!existsSync(file)) throw new Error(`no such file: ${file}`);
    registerPerpflowHooks();
    try {
      exports = (await import(pathToFileURL(file).href)) as { default?: unknown };
    } catch (error) {
      const at = locateLoadError(error, file);
      const where = at === undefined ? file : `${at.file}:${at.line}:${at.column}`;
      const kind = error instanceof SyntaxError ? 'SyntaxError: ' : '';
      throw new Error(
        `${where}: failed to load: ${kind}${error instanceof Error ? error.message : String(error)}`,
        {
          cause: error,
        },
      );
    }
  }
  if (!isDefinedStrategy(exports.default))
    throw new Error(
      `${module} has no default export made by defineStrategy (export default defineStrategy({ … }))`,
    );
  return exports.default;
}

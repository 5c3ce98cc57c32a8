/**
 * The strategies shipped in `strategies/`, by the name a config's `module:` uses. They are
 * plugins like a user's own and load the same way, by path at run time: the library never imports
 * its plugin folder statically (the layering rules hold it to that).
 */
export const BUILTIN_STRATEGY_NAMES = ['sma-cross', 'breakout', 'grid', 'dca', 'funding-carry'] as const;

export type BuiltinStrategyName = (typeof BUILTIN_STRATEGY_NAMES)[number];

export function isBuiltinStrategy(name: string): name is BuiltinStrategyName {
  return BUILTIN_STRATEGY_NAMES.some((n) => n === name);
}

/** Where a built-in's module is: `strategies/<name>/index.ts` at the package root. */
export function builtinStrategyUrl(name: BuiltinStrategyName): URL {
  return new URL(`../../strategies/${name}/index.ts`, import.meta.url);
}

/** The strategies shipped in `strategies/`, by the name a config's `module:` uses. */
export const BUILTIN_STRATEGIES = {
  'sma-cross': () => import('../../strategies/sma-cross/index.ts'),
  breakout: () => import('../../strategies/breakout/index.ts'),
  grid: () => import('../../strategies/grid/index.ts'),
  dca: () => import('../../strategies/dca/index.ts'),
  'funding-carry': () => import('../../strategies/funding-carry/index.ts'),
} as const satisfies Record<string, () => Promise<{ default: unknown }>>;

export type BuiltinStrategyName = keyof typeof BUILTIN_STRATEGIES;

export function isBuiltinStrategy(name: string): name is BuiltinStrategyName {
  return Object.hasOwn(BUILTIN_STRATEGIES, name);
}

/** The meta key of the clock time a shadow journal began: live intents before it are not compared. */
export const SHADOW_SINCE = 'shadowSince';

/**
 * The meta key of the clock time one strategy's shadow began. A strategy added to `shadow:` at a
 * later start is compared from then: live's intents of it before that had no shadow to pair with.
 */
export function shadowSinceKey(strategyId: string): string {
  return `${SHADOW_SINCE}:${strategyId}`;
}

/** When `strategyId`'s shadow began, from a shadow journal's meta: its own key, else the journal's. */
export function shadowSinceOf(meta: (key: string) => string | undefined, strategyId: string): number {
  return Number(meta(shadowSinceKey(strategyId)) ?? meta(SHADOW_SINCE) ?? 0);
}

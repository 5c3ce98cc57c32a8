/** Account limits far from anything a backtest test trades, so only what the test is about decides. */
export function wideRisk(maxOpenPositions = 10) {
  return {
    account: {
      maxOpenPositions,
      maxNotionalPerPosition: 1e9,
      maxTotalNotional: 1e9,
      maxLeverage: 100,
      maxIntentsPerMinute: 10_000,
      dailyLossLimit: 1e9,
      maxDrawdownPct: 99,
    },
  };
}

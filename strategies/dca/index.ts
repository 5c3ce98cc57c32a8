import { z } from 'zod';
import { CronTimes, defineStrategy, type StrategyIntent } from '../../src/strategy/index.ts';

const cron = z.string().refine(
  (text) => {
    try {
      new CronTimes(text).dispose();
      return true;
    } catch {
      return false;
    }
  },
  { message: 'not a valid cron expression (like "0 0 * * *": every day at 00:00 UTC)' },
);

const params = z.strictObject({
  cron: cron.default('0 0 * * *').describe('When to buy: a cron expression in UTC (optional seconds field).'),
  notional: z.number().positive().describe('Quote amount bought each time.'),
  leverage: z.number().positive().default(1),
  takeProfit: z
    .number()
    .positive()
    .optional()
    .describe('Optional TP per buy, as a fraction above its price (0.05 = 5 %).'),
  slippage: z.number().min(0).max(1).default(0.01),
});

/**
 * Dollar-cost averaging: on every cron tick, buys a fixed notional of each market at MARKET,
 * stacking the buys, each with its own TP when `takeProfit` is set. A market without a price
 * yet is skipped on that tick.
 */
export default defineStrategy({
  name: 'dca',
  params,
  interval: '1h',
  warmup: 0,
  schedule: (p) => [
    {
      name: 'buy',
      cron: p.cron,
      run: (ctx) => {
        const out: StrategyIntent[] = [];
        for (const market of ctx.markets) {
          const price = ctx.price(market);
          if (price === undefined) continue;
          out.push({
            kind: 'open',
            market,
            side: 'LONG',
            notional: p.notional,
            leverage: p.leverage,
            slippage: p.slippage,
            allowStacking: true,
            signal: `dca:${market}:${ctx.now}`,
            ...(p.takeProfit === undefined
              ? {}
              : { takeProfit: Number((price * (1 + p.takeProfit)).toPrecision(12)) }),
          });
        }
        return out;
      },
    },
  ],
});

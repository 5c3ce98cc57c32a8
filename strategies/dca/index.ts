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
    .lt(1)
    .optional()
    .describe('Optional TP per buy, as a fraction above its fill price (0.05 = 5 %).'),
  slippage: z.number().min(0).max(1).default(0.01),
});

/**
 * Dollar-cost averaging: on every cron tick, buys a fixed notional of each market at MARKET,
 * stacking the buys, each with its own TP when `takeProfit` is set. The TP is given relative to
 * the fill (`{ fraction }`), so the executor prices it from the buy's fill, never from the price
 * at decision time: a fill that moved past a TP computed beforehand got it refused by the venue
 * (below the mark), and the buy stayed bare.
 * A market without a price yet is skipped on that tick.
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
          if (ctx.price(market) === undefined) continue;
          out.push({
            kind: 'open',
            market,
            side: 'LONG',
            notional: p.notional,
            leverage: p.leverage,
            slippage: p.slippage,
            allowStacking: true,
            signal: `dca:${market}:${ctx.now}`,
            // Relative to the fill: the executor prices it when the buy fills (RelativePrice).
            ...(p.takeProfit === undefined ? {} : { takeProfit: { fraction: p.takeProfit } }),
          });
        }
        return out;
      },
    },
  ],
});

import { z } from 'zod';

const positive = z.number().finite().positive();
const side = z.enum(['LONG', 'SHORT']);
const orderType = z.enum(['MARKET', 'LIMIT']);
/** A position of this strategy: the open intent that made it (see ctx.intentId), or a venue quote id. */
const positionRef = z.union([
  z.strictObject({ intentId: z.string().min(1) }),
  z.strictObject({ quoteId: z.string().min(1) }),
]);
/** NaN and ±Infinity shown as such (JSON would print them as null). */
const shown = (v: unknown): string =>
  typeof v === 'object' && v !== null
    ? JSON.stringify(v, (_k, x: unknown) => (typeof x === 'number' && !Number.isFinite(x) ? String(x) : x))
    : String(v);
/**
 * A TP/SL leg: an absolute price, or `{ fraction }` relative to the position's fill price (0 <
 * fraction < 1): a long's TP at fill × (1 + fraction), its SL at fill × (1 − fraction), a short's
 * mirrored. The executor resolves it once the fill is known and rounds it to the market's price
 * grid away from the fill, so it is never on the wrong side of the fill (RelativePrice).
 */
const tpslPrice = z.union([positive, z.strictObject({ fraction: z.number().gt(0).lt(1) })], {
  error: (iss) => `expected a price > 0, or { fraction } with 0 < fraction < 1, got ${shown(iss.input)}`,
});
const common = {
  market: z.string().min(1),
  /** Names the decision; the intent id is derived from it, so repeating a signal never trades twice. */
  signal: z.string().min(1).optional(),
  reason: z.string().optional(),
};

const open = z
  .strictObject({
    ...common,
    kind: z.literal('open'),
    side,
    quantity: positive.optional(),
    /** In quote currency; turned into a quantity at the latest price. */
    notional: positive.optional(),
    leverage: positive,
    type: orderType.default('MARKET'),
    /** MARKET: largest tolerated adverse move as a fraction (0.01 = 1 %). */
    slippage: z.number().finite().min(0).max(1).optional(),
    /** LIMIT: the limit price. */
    price: positive.optional(),
    /** A price, or `{ fraction }` of the fill price (resolved when the open fills). */
    takeProfit: tpslPrice.optional(),
    stopLoss: tpslPrice.optional(),
    allowStacking: z.boolean().optional(),
  })
  .superRefine((o, ctx) => {
    if ((o.quantity === undefined) === (o.notional === undefined))
      ctx.addIssue({ code: 'custom', message: 'give exactly one of quantity and notional' });
    if (o.type === 'LIMIT' && o.price === undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'a LIMIT open needs a price' });
    if (o.type === 'MARKET' && o.price !== undefined)
      ctx.addIssue({ code: 'custom', path: ['price'], message: 'a MARKET open takes slippage, not a price' });
  });

const close = z.strictObject({
  ...common,
  kind: z.literal('close'),
  position: positionRef,
  quantity: z.union([positive, z.literal('all')]).default('all'),
  type: orderType.default('MARKET'),
  slippage: z.number().finite().min(0).max(1).optional(),
  price: positive.optional(),
});

const cancel = z.strictObject({ ...common, kind: z.literal('cancel'), request: z.string().min(1) });

const setTpSl = z
  .strictObject({
    ...common,
    kind: z.literal('setTpSl'),
    position: positionRef,
    /** A price, or `{ fraction }` of the position's fill price. */
    takeProfit: tpslPrice.optional(),
    stopLoss: tpslPrice.optional(),
  })
  .refine((o) => o.takeProfit !== undefined || o.stopLoss !== undefined, {
    message: 'give takeProfit, stopLoss or both (clearTpSl removes them)',
  });

const clearTpSl = z.strictObject({ ...common, kind: z.literal('clearTpSl'), position: positionRef });

/** What a hook may return, validated before anything leaves the strategy. */
export const strategyIntentSchema = z.discriminatedUnion('kind', [open, close, cancel, setTpSl, clearTpSl]);

/** An intent as authors write it: plain data, numbers (the executor rounds to the market). */
export type StrategyIntent = z.input<typeof strategyIntentSchema>;
export type ValidStrategyIntent = z.output<typeof strategyIntentSchema>;

/** What a hook returns: nothing, one intent, or several. */
export type HookResult = StrategyIntent | readonly StrategyIntent[] | undefined;

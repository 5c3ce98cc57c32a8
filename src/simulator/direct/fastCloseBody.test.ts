import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { closePositionBody } from '../http/schemas.ts';
import { fastCloseBody } from './fastCloseBody.ts';

const valid = { quoteId: '1001', quantityToClose: 0.002, orderType: 'MARKET', chainId: 42161 };

const anyValue = fc.oneof(
  fc.constantFrom(0, -1, 1, 2, 0.5, 1e21, 2 ** 53, Number.MAX_SAFE_INTEGER, -0.001, 1001),
  fc.double(),
  fc.constantFrom('MARKET', 'LIMIT', '', 'x', '1001', 'market'),
  fc.boolean(),
  fc.constant(null),
  fc.constant(undefined),
  fc.constant([]),
  fc.constant({}),
);
const key = fc.constantFrom(...Object.keys(valid), 'slippage', 'closePrice', 'limitPrice', '__proto__');
const body = fc
  .tuple(
    fc.array(fc.tuple(key, anyValue), { maxLength: 4 }),
    fc.array(fc.constantFrom(...Object.keys(valid)), { maxLength: 2 }),
  )
  .map(([sets, drops]) => {
    const b: Record<string, unknown> = { ...valid };
    for (const [k, v] of sets)
      Object.defineProperty(b, k, { value: v, enumerable: true, writable: true, configurable: true });
    for (const k of drops) delete b[k];
    return b;
  });

describe('fastCloseBody', () => {
  it('accepts a plainly valid body as is', () => {
    expect(fastCloseBody(valid)).toBe(valid);
    const limit = { ...valid, orderType: 'LIMIT', closePrice: 97_000.5 };
    expect(fastCloseBody(limit)).toBe(limit);
  });

  it('never accepts what the schema refuses, and gives what the schema gives when it accepts', () => {
    fc.assert(
      fc.property(body, (b) => {
        const fast = fastCloseBody(b);
        if (fast === undefined) return;
        const zod = closePositionBody.safeParse(b);
        expect(zod.success).toBe(true);
        expect(fast).toEqual(zod.data);
      }),
      { numRuns: 5_000 },
    );
  });

  it('passes unknown keys, wrong types, numeric ids and missing fields to the schema, for its message', () => {
    expect(fastCloseBody({ ...valid, limitPrice: 1 })).toBeUndefined();
    expect(fastCloseBody({ ...valid, quantityToClose: '0.002' })).toBeUndefined();
    expect(fastCloseBody({ ...valid, quoteId: 1001 })).toBeUndefined();
    expect(fastCloseBody({ ...valid, slippage: undefined })).toBeUndefined();
    const { chainId: _, ...noChain } = valid;
    expect(fastCloseBody(noChain)).toBeUndefined();
  });
});

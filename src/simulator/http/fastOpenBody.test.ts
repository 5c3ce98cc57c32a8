import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { fastOpenBody } from './fastOpenBody.ts';
import { createPositionBody } from './schemas.ts';

const valid = {
  marketId: 1,
  subaccountAddress: '0x00000000000000000000000000000000000000aa',
  chainId: 42161,
  positionType: 'LONG',
  orderType: 'MARKET',
  quantity: 0.002,
  leverage: 10,
};

const anyValue = fc.oneof(
  fc.constantFrom(0, -1, 1, 2, 0.5, 1e21, 2 ** 53, Number.MAX_SAFE_INTEGER, -0.001),
  fc.double({ noNaN: true }),
  fc.constantFrom(
    'LONG',
    'SHORT',
    'MARKET',
    'LIMIT',
    '',
    'x',
    '0x00000000000000000000000000000000000000AA',
    '0x12',
  ),
  fc.boolean(),
  fc.constant(null),
  fc.constant([]),
  fc.constant({}),
);
const key = fc.constantFrom(
  ...Object.keys(valid),
  'slippage',
  'limitPrice',
  'useInstantActions',
  'solver',
  'price',
  '__proto__',
);
const body = fc
  .tuple(
    fc.array(fc.tuple(key, anyValue), { maxLength: 4 }),
    fc.array(fc.constantFrom(...Object.keys(valid)), { maxLength: 2 }),
  )
  .map(([sets, drops]) => {
    const b: Record<string, unknown> = JSON.parse(JSON.stringify(valid));
    for (const [k, v] of sets)
      Object.defineProperty(b, k, { value: v, enumerable: true, writable: true, configurable: true });
    for (const k of drops) delete b[k];
    return b;
  });

describe('fastOpenBody', () => {
  it('accepts a plainly valid body as is', () => {
    expect(fastOpenBody(valid)).toBe(valid);
  });

  it('never accepts what the schema refuses, and gives what the schema gives when it accepts', () => {
    fc.assert(
      fc.property(body, (b) => {
        const fast = fastOpenBody(b);
        if (fast === undefined) return;
        const zod = createPositionBody.safeParse(b);
        expect(zod.success).toBe(true);
        expect(fast).toEqual(zod.data);
      }),
      { numRuns: 5_000 },
    );
  });

  it('passes unknown keys, wrong types and missing fields to the schema, for its message', () => {
    expect(fastOpenBody({ ...valid, price: 1 })).toBeUndefined();
    expect(fastOpenBody({ ...valid, quantity: '0.002' })).toBeUndefined();
    const { leverage: _, ...noLeverage } = valid;
    expect(fastOpenBody(noLeverage)).toBeUndefined();
    expect(fastOpenBody([valid])).toBeUndefined();
  });
});

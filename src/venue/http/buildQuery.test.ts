import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildQuery, type QueryValue } from './buildQuery.ts';

function reference(query: Record<string, QueryValue | undefined>): string {
  const params = new URLSearchParams();
  for (const [k, v] of Object.entries(query)) {
    if (v === undefined) continue;
    if (Array.isArray(v)) for (const item of v) params.append(k, String(item));
    else params.append(k, String(v));
  }
  const s = params.toString();
  return s === '' ? '' : `?${s}`;
}

describe('buildQuery', () => {
  it('encodes exactly as URLSearchParams does, for any keys and values', () => {
    const text = fc.oneof(
      fc.string(),
      fc.string({ unit: 'binary' }),
      fc.constantFrom('a b', "!'()~", 'é/?&=#+%'),
    );
    const value = fc.oneof(
      text,
      fc.double(),
      fc.integer(),
      fc.boolean(),
      fc.array(fc.oneof(text, fc.integer())),
      fc.constant(undefined),
    );
    fc.assert(
      fc.property(fc.dictionary(text, value), (query) => {
        expect(buildQuery(query)).toBe(reference(query));
      }),
      { numRuns: 2_000 },
    );
  });

  it('writes a venue query as plain text', () => {
    expect(
      buildQuery({
        subaccountAddress: '0x1111111111111111111111111111111111111111',
        chainId: 42161,
        symbols: ['BTCUSDT', 'ETHUSDT'],
        skipped: undefined,
      }),
    ).toBe(
      '?subaccountAddress=0x1111111111111111111111111111111111111111&chainId=42161&symbols=BTCUSDT&symbols=ETHUSDT',
    );
    expect(buildQuery({})).toBe('');
    expect(buildQuery(undefined)).toBe('');
  });
});

import { describe, expect, it } from 'vitest';
import { describeFunding, fundingSources } from './FundingSource.ts';

describe('fundingSources', () => {
  it("takes a market's series first, then backtest.fundingRate, then the spec's default", () => {
    const files = [{ symbol: 'XRPUSDT', file: 'data/xrp-funding.csv' }];
    expect(fundingSources(['XRPUSDT', 'BTCUSDT'], files, 0.0001)).toEqual({
      XRPUSDT: { kind: 'series', file: 'data/xrp-funding.csv' },
      BTCUSDT: { kind: 'constant', rate: 0.0001 },
    });
    expect(fundingSources(['BTCUSDT'], undefined, undefined, () => 0.00005)).toEqual({
      BTCUSDT: { kind: 'spec', rate: 0.00005 },
    });
    // Without a spec rate given, the spec's rate is taken as 0.
    expect(fundingSources(['BTCUSDT'], undefined, undefined)).toEqual({ BTCUSDT: { kind: 'spec', rate: 0 } });
  });
  it('names each source in one line', () => {
    expect(
      describeFunding({
        XRPUSDT: { kind: 'series', file: 'f.csv' },
        BTCUSDT: { kind: 'constant', rate: 0 },
        SOLUSDT: { kind: 'spec', rate: 0.0001 },
      }),
    ).toBe(
      "funding: XRPUSDT from the series f.csv; BTCUSDT at the constant backtest.fundingRate 0; SOLUSDT at the market spec's default rate 0.0001",
    );
  });
});

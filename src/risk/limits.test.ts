import { describe, expect, it } from 'vitest';
import { riskSchema } from '../config/sections/risk.ts';
import { riskOptionsFromConfig } from './limits.ts';

const account = {
  maxOpenPositions: 5,
  maxNotionalPerPosition: 1_000,
  maxTotalNotional: 5_000,
  maxLeverage: 10,
  maxIntentsPerMinute: 60,
  dailyLossLimit: 200,
  maxDrawdownPct: 10,
};

describe('riskOptionsFromConfig', () => {
  it('takes maxUnknownOutcomes from the YAML risk section', () => {
    const risk = riskSchema.parse({
      account: { ...account, maxUnknownOutcomes: { count: 3, windowMs: 60_000 } },
    });
    expect(riskOptionsFromConfig(risk).account.maxUnknownOutcomes).toEqual({ count: 3, windowMs: 60_000 });
  });

  it('keeps money limits as exact decimals and leaves absent limits absent', () => {
    const o = riskOptionsFromConfig({ account: { maxTotalNotional: 0.3 } });
    expect(o.account.maxTotalNotional?.toString()).toBe('0.3');
    expect(Object.keys(o.account)).toEqual(['maxTotalNotional']);
  });
});

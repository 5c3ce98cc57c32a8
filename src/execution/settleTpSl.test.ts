import { describe, expect, it } from 'vitest';
import { dec } from '../domain/money.ts';
import { crossedLeg } from './settleTpSl.ts';

const both = { takeProfit: dec(110), stopLoss: dec(90) };

describe('crossedLeg', () => {
  it("claims a long's TP at or above it and its SL at or below it", () => {
    expect(crossedLeg('LONG', dec(110), both)).toBe('takeProfit');
    expect(crossedLeg('LONG', dec(115), both)).toBe('takeProfit');
    expect(crossedLeg('LONG', dec(90), both)).toBe('stopLoss');
    expect(crossedLeg('LONG', dec(80), both)).toBe('stopLoss');
  });

  it("mirrors the sides for a short: TP below the mark's start, SL above", () => {
    const short = { takeProfit: dec(90), stopLoss: dec(110) };
    expect(crossedLeg('SHORT', dec(89), short)).toBe('takeProfit');
    expect(crossedLeg('SHORT', dec(111), short)).toBe('stopLoss');
    expect(crossedLeg('SHORT', dec(100), short)).toBeUndefined();
  });

  it('claims nothing with the mark between the legs, past a leg that is not set, or without a mark', () => {
    expect(crossedLeg('LONG', dec(100), both)).toBeUndefined();
    expect(crossedLeg('LONG', dec(80), { takeProfit: dec(110), stopLoss: null })).toBeUndefined();
    expect(crossedLeg('LONG', undefined, both)).toBeUndefined();
  });
});

import { describe, expect, it } from 'vitest';
import { dec } from '../../domain/money.ts';
import { Ledger } from './Ledger.ts';
import type { Subaccount } from './state.ts';

const subWith = (collateral: string): Subaccount => ({ collateral: dec(collateral) }) as Subaccount;

describe('Ledger.collateralNumber', () => {
  it('reads each subaccount’s own collateral, as it changes, whichever was read last', () => {
    const ledger = new Ledger(() => 1);
    const a = subWith('100.5');
    const b = subWith('-7');
    const seen: number[] = [];
    seen.push(ledger.collateralNumber(a), ledger.collateralNumber(b), ledger.collateralNumber(a));
    a.collateral = dec('250');
    seen.push(ledger.collateralNumber(a), ledger.collateralNumber(b));
    b.collateral = dec('3.25');
    seen.push(ledger.collateralNumber(a), ledger.collateralNumber(b), ledger.collateralNumber(b));
    expect(seen).toEqual([100.5, -7, 100.5, 250, -7, 250, 3.25, 3.25]);
  });
});

import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../../clock/VirtualClock.ts';
import { VenueFacts } from '../../domain/venueFacts.ts';
import { AccountBook } from './AccountBook.ts';
import { SymbolWatch } from './SymbolWatch.ts';

/** A subaccount of a wallet of its own. */
function subOf(accounts: AccountBook, wallet: string) {
  accounts.signIn(wallet, VenueFacts.defaultChainId);
  const sub = accounts.subaccountsOf(wallet)[0];
  if (sub === undefined) throw new Error(`no subaccount for ${wallet}`);
  return sub;
}

describe('SymbolWatch.soleCrossSub', () => {
  it('names the account left when the one it named last has gone, and none while two hold the market', () => {
    const accounts = new AccountBook(new VirtualClock());
    const a = subOf(accounts, '0x00000000000000000000000000000000000a11ce');
    const b = subOf(accounts, '0x0000000000000000000000000000000000000b0b');
    const w = new SymbolWatch();
    expect(w.soleCrossSub()).toBeUndefined();
    w.crossSubs.add(a);
    expect(w.soleCrossSub()).toBe(a);
    w.crossSubs.add(b);
    expect(w.soleCrossSub()).toBeUndefined();
    w.crossSubs.delete(a);
    expect(w.soleCrossSub()).toBe(b);
  });
});

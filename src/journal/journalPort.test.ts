import { describe, expect, it } from 'vitest';
import { VirtualClock } from '../clock/VirtualClock.ts';
import { ClientRequestId, FillId, IntentId, MarketSymbol, TempId } from '../domain/ids.ts';
import { dec } from '../domain/money.ts';
import { IllegalTransitionError } from '../domain/requestStatus.ts';
import { JournalError } from '../errors/JournalError.ts';
import type { JournalPort } from './JournalPort.ts';
import { MemoryJournal } from './MemoryJournal.ts';
import { openJournal } from './openJournal.ts';
import { sampleOpenRecord } from './testRecord.ts';

const factories: readonly [string, (clock: VirtualClock) => JournalPort][] = [
  ['SQLite Journal', (clock) => openJournal({ path: ':memory:', clock }).journal],
  ['MemoryJournal', (clock) => new MemoryJournal(clock)],
];

const cr = ClientRequestId;

describe.each(factories)('JournalPort semantics: %s', (_name, make) => {
  it('moves a request only through the transition table and keeps its patch', () => {
    const clock = new VirtualClock();
    const j = make(clock);
    j.insertRequests([sampleOpenRecord(1)]);
    expect(() => j.transition(cr('cr_1'), 'FILLED')).toThrow(IllegalTransitionError);
    expect(j.get(cr('cr_1'))?.status).toBe('CREATED');
    clock.advanceSync(5);
    const at = clock.now();
    j.transition(cr('cr_1'), 'SUBMITTING');
    const r = j.transition(cr('cr_1'), 'ACCEPTED', { tempId: TempId('t-1') });
    expect([r.status, r.tempId, r.updatedAt]).toEqual(['ACCEPTED', 't-1', at]);
    expect(j.get(cr('cr_1'))).toEqual(r);
  });

  it('lists the requests of an intent in insertion order and drops terminal ones from nonTerminal and its count', () => {
    const j = make(new VirtualClock());
    const a = sampleOpenRecord(1);
    const b = { ...sampleOpenRecord(2), intentId: a.intentId };
    j.insertRequests([a, b, sampleOpenRecord(3)]);
    j.transition(cr('cr_1'), 'NOT_SENT');
    expect(j.byIntent(IntentId('in_1')).map((r) => r.clientRequestId)).toEqual(['cr_1', 'cr_2']);
    expect(j.nonTerminal().map((r) => r.clientRequestId)).toEqual(['cr_2', 'cr_3']);
    expect(j.nonTerminalCount()).toBe(2);
    expect(j.all()).toHaveLength(3);
  });

  it('records a fill id exactly once', () => {
    const j = make(new VirtualClock());
    const fill = {
      fillId: FillId('f1'),
      clientRequestId: null,
      strategyId: null,
      quoteId: null,
      symbol: MarketSymbol('BTCUSDT'),
      side: 'LONG' as const,
      effect: 'open' as const,
      quantity: dec('0.5'),
      price: dec('100.25'),
      fee: dec(0),
      ts: 7,
    };
    expect(j.recordFill(fill)).toBe(true);
    expect(j.recordFill(fill)).toBe(false);
    expect(j.fills().map((f) => [f.fillId, f.quantity.toString(), f.price.toString()])).toEqual([
      ['f1', '0.5', '100.25'],
    ]);
  });

  it('keeps meta values until deleted', () => {
    const j = make(new VirtualClock());
    j.setMeta('tradingState', 'halted');
    j.setMeta('tradingState', 'reducing');
    expect(j.getMeta('tradingState')).toBe('reducing');
    j.deleteMeta('tradingState');
    expect(j.getMeta('tradingState')).toBeUndefined();
  });

  it('reports a new external position once and updates its quantity after', () => {
    const j = make(new VirtualClock());
    const p = { positionKey: 'q9', symbol: 'BTCUSDT', side: 'LONG' as const, quantity: '1' };
    expect(j.upsertExternal(p)).toBe(true);
    expect(j.upsertExternal({ ...p, quantity: '2' })).toBe(false);
    expect(j.externals().map((e) => [e.positionKey, e.quantity])).toEqual([['q9', '2']]);
  });

  it('fails closed: a write that throws latches a JournalError and every later write refuses', () => {
    const j = make(new VirtualClock());
    expect(() =>
      j.write('boom', () => {
        throw new Error('disk full');
      }),
    ).toThrow(JournalError);
    expect(j.writeFailure).toBeInstanceOf(JournalError);
    expect(() => j.setMeta('x', 'y')).toThrow(/journal write failed \(boom\)/);
    expect(() => j.insertRequests([sampleOpenRecord(1)])).toThrow(JournalError);
    expect(j.get(cr('cr_1'))).toBeUndefined();
  });
});

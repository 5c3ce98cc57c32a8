import { describe, expect, it } from 'vitest';
import { dec } from '../../domain/money.ts';
import { toRequestStatus } from './requestStatus.ts';

const wire = {
  tempId: '7',
  quoteId: '12',
  status: 'OPENED',
  filledQuantity: dec('0.01'),
  avgPrice: dec('60000.5'),
};

describe('toRequestStatus', () => {
  it('maps a report without an error to its fields, in the wire order, with no error keys', () => {
    const r = toRequestStatus({ ...wire, errorCode: null, reason: undefined, updatedAt: 1_700 });
    expect(JSON.stringify(r)).toBe(
      '{"tempId":"7","quoteId":"12","status":"OPENED","filledQuantity":"0.01","avgPrice":"60000.5","updatedAt":1700}',
    );
  });

  it('keeps an error code and a reason before the time, and a null quote id as null', () => {
    const r = toRequestStatus({
      ...wire,
      quoteId: null,
      status: 'FAILED',
      errorCode: '4000',
      reason: 'insufficient margin at fill',
      updatedAt: 1_800,
    });
    expect(JSON.stringify(r)).toBe(
      '{"tempId":"7","quoteId":null,"status":"FAILED","filledQuantity":"0.01","avgPrice":"60000.5","errorCode":"4000","reason":"insufficient margin at fill","updatedAt":1800}',
    );
  });

  it('keeps an error code that comes without a reason, and a reason that comes without an error code', () => {
    const coded = toRequestStatus({
      ...wire,
      status: 'FAILED',
      errorCode: '4006',
      reason: null,
      updatedAt: 1,
    });
    const reasoned = toRequestStatus({ ...wire, errorCode: null, reason: 'partially closed', updatedAt: 2 });
    expect([coded.errorCode, coded.reason, reasoned.errorCode, reasoned.reason]).toEqual([
      '4006',
      undefined,
      undefined,
      'partially closed',
    ]);
  });

  it('maps a report without an error and without a quote id to a null quote id', () => {
    const r = toRequestStatus({
      ...wire,
      quoteId: null,
      status: 'CANCELED',
      errorCode: null,
      reason: null,
      updatedAt: 3,
    });
    expect(r.quoteId).toBeNull();
  });
});

import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../venue/http/errorForStatus.ts';
import { toBatchAck } from '../venue/mappers/batchAck.ts';
import { DEFINITIVE_REJECT_CODES, isDefinitiveReject } from './definitiveRejects.ts';

const ENDPOINT = 'POST /v1/trade/create-position';
/** A submit's error exactly as the HTTP client makes it from the venue's answer. */
const answer = (status: number, code: string | undefined, message?: string) =>
  errorForStatus({ kind: 'submit', endpoint: ENDPOINT, status, code, message });

describe('isDefinitiveReject', () => {
  it('takes a 4xx whose body names a refusal the list does not know as definitive', () => {
    expect(
      isDefinitiveReject(
        answer(400, 'LEVERAGE_OVER_MARKET_MAX', 'leverage 80 > 60'),
        DEFINITIVE_REJECT_CODES,
      ),
    ).toBe(true);
    expect(isDefinitiveReject(answer(404, 'QUOTE_GONE'), DEFINITIVE_REJECT_CODES)).toBe(true);
  });

  it('leaves a 4xx that says it timed out, a 4xx without a code, a 429 and a 5xx unknown', () => {
    expect(isDefinitiveReject(answer(400, 'GATEWAY', 'request timed out'), DEFINITIVE_REJECT_CODES)).toBe(
      false,
    );
    for (const said of ['Gateway Timeout', 'upstream time-out', 'times out'])
      expect(isDefinitiveReject(answer(400, 'GATEWAY', said), DEFINITIVE_REJECT_CODES), said).toBe(false);
    expect(isDefinitiveReject(answer(400, undefined), DEFINITIVE_REJECT_CODES)).toBe(false);
    expect(isDefinitiveReject(answer(429, 'RATE_LIMITED'), DEFINITIVE_REJECT_CODES)).toBe(false);
    expect(isDefinitiveReject(answer(503, 'UNAVAILABLE'), DEFINITIVE_REJECT_CODES)).toBe(false);
  });

  it('never takes a 401, a 403 or a 408 for a refusal of the order, whatever code the body names', () => {
    for (const status of [401, 403, 408])
      expect(isDefinitiveReject(answer(status, 'VALIDATION'), DEFINITIVE_REJECT_CODES), String(status)).toBe(
        false,
      );
  });

  it('takes a batch item refused with a listed code as definitive, and one with a code the list lacks as unknown (an item carries no HTTP status)', () => {
    // Written out (not read from the set): a code dropped from the list must fail here.
    const codes = [
      'VALIDATION',
      'UNKNOWN_MARKET',
      'MARKET_INVALID',
      'UNKNOWN_SOLVER',
      'MARKET_CLOSED',
      'NOTIONAL_OUT_OF_RANGE',
      'ON_CHAIN_CROSS_ONLY',
      'INSTANT_TOKEN_MISSING',
      'INVALID_STATE',
      'INVALID_TPSL',
      'NOT_FOUND',
      '4000',
      '4001',
      '4006',
      '4012',
      '4104',
      '4105',
    ];
    const ack = toBatchAck(
      ENDPOINT,
      {
        batchId: 'b1',
        results: [...codes, 'SOMETHING_NEW'].map((code, index) => ({
          index,
          success: false,
          error: { code, message: `refused: ${code}` },
        })),
      },
      codes.length + 1,
    );
    const definitive = ack.results.map((r) => !r.ok && isDefinitiveReject(r.error, DEFINITIVE_REJECT_CODES));
    expect(definitive).toEqual([...codes.map(() => true), false]);
  });
});

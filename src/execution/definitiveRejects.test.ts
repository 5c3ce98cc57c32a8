import { describe, expect, it } from 'vitest';
import { errorForStatus } from '../venue/http/errorForStatus.ts';
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
    expect(isDefinitiveReject(answer(400, undefined), DEFINITIVE_REJECT_CODES)).toBe(false);
    expect(isDefinitiveReject(answer(429, 'RATE_LIMITED'), DEFINITIVE_REJECT_CODES)).toBe(false);
    expect(isDefinitiveReject(answer(503, 'UNAVAILABLE'), DEFINITIVE_REJECT_CODES)).toBe(false);
  });
});

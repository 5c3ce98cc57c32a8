import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBarTime } from './parseBarTime.ts';
import { parseCellNumber } from './parseCellNumber.ts';
import { newDayCache, parseCellTime } from './parseCellTime.ts';

const inText = (s: string): [string, number, number] => [`x,${s},y`, 2, 2 + s.length];

describe('cell parsers agree with Number() and parseBarTime without substrings', () => {
  it('reads any decimal with up to 15 digits exactly as Number() does', () => {
    fc.assert(
      fc.property(fc.double({ min: -1e9, max: 1e9, noNaN: true }), fc.integer({ min: 0, max: 8 }), (x, k) => {
        const s = x.toFixed(k);
        expect(parseCellNumber(...inText(s))).toBe(Number(s));
      }),
      { numRuns: 2000 },
    );
  });

  it('either agrees with Number() or answers NaN, on any short text of number-like characters', () => {
    const chars = fc.constantFrom(...'0123456789.-+eEx \t\u000b'.split(''));
    fc.assert(
      fc.property(
        fc.array(chars, { maxLength: 20 }).map((a) => a.join('')),
        (s) => {
          const n = parseCellNumber(...inText(s));
          if (!Number.isNaN(n)) expect(n).toBe(Number(s));
          if ([' ', '\t', '\u000b', 'x'].some((c) => s.includes(c)) || s === '') expect(n).toBeNaN();
        },
      ),
      { numRuns: 3000 },
    );
  });

  it('reads times as parseBarTime does, across days and malformed variants', () => {
    const days = newDayCache();
    const iso = fc
      .date({ min: new Date('1990-01-01'), max: new Date('2090-01-01'), noInvalidDate: true })
      .map((d) => d.toISOString());
    const variant = fc
      .tuple(iso, fc.integer({ min: 0, max: 6 }))
      .map(
        ([s, v]) =>
          [
            s,
            s.replace('.000Z', 'Z').replace(/\.\d+Z$/, 'Z'),
            s.slice(0, 19).replace('T', ' '),
            s.slice(0, 10),
            String(Date.parse(s)),
            String(Math.floor(Date.parse(s) / 1000)),
            s.replace(/:\d\d\./, ':6x.'),
          ][v] as string,
      );
    fc.assert(
      fc.property(variant, (s) => {
        const t = parseCellTime(...inText(s), days);
        expect(Number.isNaN(t) ? Number.NaN : t).toEqual(parseBarTime(s));
      }),
      { numRuns: 3000 },
    );
    for (const bad of ['2021-02-29', '2021-11-17T24:00:00Z', '2021-11-17 01:60:00', '2021-1x-17'])
      expect(parseCellTime(...inText(bad), days)).toBeNaN();
  });
});

import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { parseBarColumnsBytes } from './parseBarColumnsBytes.ts';
import { parseBarColumnsFast } from './parseBarColumnsFast.ts';

const ROOT = join(import.meta.dirname, '../..');
const SAMPLES = join(ROOT, 'data/samples');

/** The text readTextFile makes of these bytes (its decoder drops a byte-order mark). */
const textOf = (bytes: Uint8Array): string => new TextDecoder('utf-8', { fatal: true }).decode(bytes);

const bytes = (text: string): Uint8Array => new TextEncoder().encode(text);

const MINUTE = 60_000;
const T0 = Date.UTC(2020, 1, 28, 23, 58);

/** The bar time `ms` written in one of the forms a bar file uses. */
const FORMS = {
  isoZ: (ms: number) => `${new Date(ms).toISOString().slice(0, 19)}Z`,
  isoMillisZ: (ms: number) => new Date(ms).toISOString(),
  isoMillis: (ms: number) => new Date(ms).toISOString().slice(0, -1),
  isoSpace: (ms: number) => new Date(ms).toISOString().slice(0, 19).replace('T', ' '),
  isoNoZone: (ms: number) => new Date(ms).toISOString().slice(0, 19),
  epochSeconds: (ms: number) => String(ms / 1000),
  epochMillis: (ms: number) => String(ms),
};

describe('parseBarColumnsBytes', () => {
  it.each(readdirSync(SAMPLES).filter((f) => f.endsWith('.csv') && !f.includes('funding')))(
    'reads %s to the very columns parseBarColumnsFast reads from its text',
    (f) => {
      const file = join(SAMPLES, f);
      const b = readFileSync(file);
      const ours = parseBarColumnsBytes(b, file, {});
      expect(ours).toBeDefined();
      expect(ours).toEqual(parseBarColumnsFast(textOf(b), file, {}));
    },
  );

  it.each(Object.entries(FORMS))(
    'takes times written as %s, CRLF or LF, and agrees with the text path',
    (_, form) => {
      for (const end of ['\n', '\r\n']) {
        // Whole seconds where the form has no milliseconds.
        const ms = /:\d\d\.001/.test(form(T0 + 1)) ? 123 : 0;
        const rows = [0, 1, 2, 4, 5].map((k) => `${form(T0 + k * MINUTE + ms)},1.5,2,1,1.25,7`);
        const text = `\ufefftime,open,high,low,close,volume${end}${rows.join(end)}${end}`;
        const ours = parseBarColumnsBytes(bytes(text), 'WALK.csv', {});
        expect(ours).toBeDefined();
        expect(ours).toEqual(parseBarColumnsFast(textOf(bytes(text)), 'WALK.csv', {}));
        expect(Array.from(ours?.time ?? [])).toEqual([0, 1, 2, 4, 5].map((k) => T0 + k * MINUTE + ms));
      }
    },
  );

  it('grows its columns when the rows are shorter than the first one', () => {
    const rows = Array.from({ length: 500 }, (_, k) => `${T0 / 1000 + k * 60},1,1,1,1`);
    rows[0] = `${T0 / 1000},1.0000000000,1.0000000000,1.0000000000,1.00000000000000`;
    const ours = parseBarColumnsBytes(bytes(`time,open,high,low,close\n${rows.join('\n')}`), 'WALK.csv', {});
    expect(ours?.length).toBe(500);
    expect(ours?.time[499]).toBe(T0 + 499 * MINUTE);
  });

  it('grows its columns more than once, past thousands of rows, and keeps every row', () => {
    const rows = Array.from({ length: 20_000 }, (_, k) => `${T0 / 1000 + k * 60},1,1,1,1`);
    rows[0] = `${T0 / 1000},1.${'0'.repeat(200)},1,1,1`;
    const text = `time,open,high,low,close\n${rows.join('\n')}\n`;
    const ours = parseBarColumnsBytes(bytes(text), 'WALK.csv', {});
    expect(ours?.length).toBe(20_000);
    expect(ours).toEqual(parseBarColumnsFast(text, 'WALK.csv', {}));
  });

  it('takes a subset of what the text path takes, and gives the same columns for it (property)', () => {
    const number = fc.oneof(
      { weight: 6, arbitrary: fc.constantFrom('1', '2.5', '10.25', '3.', '0.5', '1.0000') },
      fc.constantFrom(
        '-0',
        '-1',
        '0',
        '',
        ' 2',
        '2 ',
        '1e0',
        '+1',
        '0x2',
        '1.2.3',
        '.5',
        '1234567890123456',
        'é',
        '7\r1',
      ),
    );
    const oddTime = fc.constantFrom(
      '2021-13-01T00:00:00Z',
      '2021-02-29',
      '2024-02-29',
      '2021-01-01T24:00:00Z',
      '2021-01-01T00:00:00.5Z',
      '2021-01-01T00:00:00.1234Z',
      '2021-01-01t00:00:00Z',
      '2021-01-01T00:00:00z',
      '2021-01-01T00:00',
      '2021-01-01T00:00:00+01:00',
      ' 2021-01-01',
      '20x1-01-01',
      '12345678',
      '1609459200.5',
      '',
    );
    const row = fc.record({
      step: fc.integer({ min: 0, max: 3 }),
      millis: fc.integer({ min: 0, max: 999 }),
      price: number,
      volume: fc.oneof({ weight: 4, arbitrary: fc.constantFrom('0', '7', '1.5') }, number),
      note: fc.constantFrom('x', '', 'a b', 'é', '\t', '1,2', 'x\ry'),
      odd: fc.option(oddTime, { freq: 8 }),
      blank: fc.constantFrom('', '', '', '', '', '\r', '\r\r'),
    });
    const file = fc.record({
      form: fc.constantFrom(...Object.values(FORMS)),
      rows: fc.array(row, { minLength: 1, maxLength: 8 }),
      crlf: fc.boolean(),
      bom: fc.boolean(),
      note: fc.boolean(),
      volume: fc.boolean(),
      finalNewline: fc.boolean(),
    });
    fc.assert(
      fc.property(file, (f) => {
        const end = f.crlf ? '\r\n' : '\n';
        let t = T0;
        const lines = f.rows.flatMap((r) => {
          t += r.step * MINUTE + r.millis;
          const p = r.price;
          const cells = [
            r.odd ?? f.form(t),
            p,
            p,
            p,
            p,
            ...(f.volume ? [r.volume] : []),
            ...(f.note ? [r.note] : []),
          ];
          return r.blank === '' ? [cells.join(',')] : [r.blank, cells.join(',')];
        });
        const header = `${f.bom ? '\ufeff' : ''}time,open,high,low,close${f.volume ? ',volume' : ''}${f.note ? ',note' : ''}`;
        const b = bytes(`${[header, ...lines].join(end)}${f.finalNewline ? end : ''}`);
        const ours = parseBarColumnsBytes(b, 'WALK.csv', {});
        if (ours !== undefined) expect(ours).toEqual(parseBarColumnsFast(textOf(b), 'WALK.csv', {}));
      }),
      { numRuns: 2_000 },
    );
  });

  it('agrees with the text path on calendar and clock edges, taking exactly the times it takes', () => {
    const times = [
      ...['2021-02-29', '2024-02-29', '2100-02-29', '2000-02-29', '2021-04-31', '2021-04-30', '2021-00-10'],
      ...['2021-12-31T23:59:59Z', '2021-12-31T23:59:60Z', '2021-01-01T23:60:00Z', '2021-01-01T24:00:00'],
      ...['2021-01-01 00:00:00', '2021-01-01T00:00:00.999Z', '2021-01-01T00:00:00.001', '0099-01-01'],
      ...['1970-01-01', '999999999', '99999999999', '100000000000', '99999999999999'],
    ];
    for (const time of times) {
      const b = bytes(`time,open,high,low,close\n${time},1,1,1,1\n`);
      const ours = parseBarColumnsBytes(b, 'WALK.csv', { intervalMs: MINUTE });
      const text = parseBarColumnsFast(textOf(b), 'WALK.csv', { intervalMs: MINUTE });
      expect({ time, ours }).toEqual({ time, ours: text });
    }
  });

  it('leaves to the text path a byte that is not UTF-8 or a control character, even in a column no field reads', () => {
    const good = bytes(
      `time,open,high,low,close,note\n${FORMS.isoZ(T0)},1,1,1,1,x\n${FORMS.isoZ(T0 + MINUTE)},1,1,1,1,x\n`,
    );
    expect(parseBarColumnsBytes(good, 'WALK.csv', {})).toBeDefined();
    for (const byte of [0xe9, 0x00, 0x07, 0x7f]) {
      const bad = Uint8Array.from(good);
      bad.set([byte], good.lastIndexOf(0x78)); // the last `x`: latin-1 é, NUL, BEL, DEL
      expect(parseBarColumnsBytes(bad, 'WALK.csv', {})).toBeUndefined();
    }
  });

  it('leaves to the text path a quoted file, a symbol column, a file with one line and a CR inside a row', () => {
    const rows = `${FORMS.isoZ(T0)},1,1,1,1\n${FORMS.isoZ(T0 + MINUTE)},1,1,1,1\n`;
    expect(parseBarColumnsBytes(bytes(`time,open,high,low,close\n${rows}`), 'WALK.csv', {})).toBeDefined();
    expect(
      parseBarColumnsBytes(bytes(`"time",open,high,low,close\n${rows}`), 'WALK.csv', {}),
    ).toBeUndefined();
    expect(
      parseBarColumnsBytes(bytes(`time,open,high,low,close,symbol\n${rows}`), 'WALK.csv', {}),
    ).toBeUndefined();
    expect(parseBarColumnsBytes(bytes('time,open,high,low,close'), 'WALK.csv', {})).toBeUndefined();
    // A CR that does not end the line is inside the last cell: "1\r2" is not a number.
    const inner = `time,open,high,low,close\n${FORMS.isoZ(T0)},1,1,1,1\r2\n${FORMS.isoZ(T0 + MINUTE)},1,1,1,1\n`;
    expect(parseBarColumnsFast(inner, 'WALK.csv', {})).toBeUndefined();
    expect(parseBarColumnsBytes(bytes(inner), 'WALK.csv', {})).toBeUndefined();
  });

  it('takes a header after two byte-order marks, or with its columns in any order, and agrees with the text path', () => {
    const rows = [0, 1, 2].map((k) => `${FORMS.isoZ(T0 + k * MINUTE)},1.5,2,1,1.25,7`);
    const marks = `\ufeff\ufefftime,open,high,low,close,volume\n${rows.join('\n')}\n`;
    const ours = parseBarColumnsBytes(bytes(marks), 'WALK.csv', {});
    expect(ours).toBeDefined();
    expect(ours).toEqual(parseBarColumnsFast(textOf(bytes(marks)), 'WALK.csv', {}));
    const moved = rows.map((r) => r.split(',')).map(([t, ...rest]) => [...rest, t].join(','));
    const openFirst = `open,high,low,close,volume,time\n${moved.join('\n')}\n`;
    expect(parseBarColumnsBytes(bytes(openFirst), 'WALK.csv', {})).toEqual(ours);
  });

  it('takes the symbol option trimmed and upper-cased, as the text path does', () => {
    const text = `time,open,high,low,close\n${FORMS.isoZ(T0)},1,1,1,1\n${FORMS.isoZ(T0 + MINUTE)},1,1,1,1\n`;
    expect(parseBarColumnsBytes(bytes(text), 'prices.csv', { symbol: ' walk ' })?.symbol).toBe('WALK');
  });

  it('leaves to the text path a file without a symbol, a bad interval, a header not UTF-8 and a symbol column first', () => {
    const rows = `${FORMS.isoZ(T0)},1,1,1,1\n${FORMS.isoZ(T0 + MINUTE)},1,1,1,1\n`;
    const good = bytes(`time,open,high,low,close\n${rows}`);
    expect(parseBarColumnsBytes(good, 'WALK.csv', { intervalMs: MINUTE })).toBeDefined();
    expect(parseBarColumnsBytes(good, 'a-bars.csv', {})).toBeUndefined();
    expect(parseBarColumnsBytes(good, 'WALK.csv', { symbol: 'wa lk' })).toBeUndefined();
    for (const intervalMs of [0, -MINUTE, Number.NaN])
      expect(parseBarColumnsBytes(good, 'WALK.csv', { intervalMs })).toBeUndefined();
    const latin1 = Uint8Array.from([
      ...bytes('time,open,high,low,close,n'),
      0xe9,
      ...bytes(`\n${rows.replaceAll('\n', ',x\n')}`),
    ]);
    expect(parseBarColumnsBytes(latin1, 'WALK.csv', {})).toBeUndefined();
    const symbolFirst = `symbol,time,open,high,low,close\n${rows.replaceAll(/^/gm, 'WALK,').slice(0, -5)}`;
    expect(parseBarColumnsBytes(bytes(symbolFirst), 'WALK.csv', {})).toBeUndefined();
  });

  it('reads a volume column that comes first, and a last line holding only a CR, as the text path does', () => {
    const rows = [0, 1, 2].map((k) => `7,${FORMS.isoZ(T0 + k * MINUTE)},1.5,2,1,1.25`);
    const text = `volume,time,open,high,low,close\n${rows.join('\n')}\n\r`;
    const ours = parseBarColumnsBytes(bytes(text), 'WALK.csv', {});
    expect(ours).toBeDefined();
    expect(ours).toEqual(parseBarColumnsFast(text, 'WALK.csv', {}));
    expect(Array.from(ours?.volume ?? [])).toEqual([7, 7, 7]);
  });

  it('leaves to the text path a close above the high, an open below the low, a negative volume, a row with a cell missing and a line not blank', () => {
    const row = (k: number, cells: string) => `${FORMS.isoZ(T0 + k * MINUTE)},${cells}`;
    const ok = `time,open,high,low,close\n${row(0, '1,2,1,1.5')}\n${row(1, '1,2,1,1.5')}\n`;
    expect(parseBarColumnsBytes(bytes(ok), 'WALK.csv', {})).toBeDefined();
    for (const bad of [
      `time,open,high,low,close\n${row(0, '1,2,1,2.5')}\n${row(1, '1,2,1,1.5')}\n`,
      `time,open,high,low,close\n${row(0, '1,2,1')}\n${row(1, '1,2,1,1.5')}\n`,
      `time,open,high,low,close,volume\n${row(0, '0.5,2,1,1.5,3')}\n${row(1, '1,2,1,1.5,3')}\n`,
      `time,open,high,low,close,volume\n${row(0, '1,2,1,1.5,-3')}\n${row(1, '1,2,1,1.5,3')}\n`,
      // A one-byte line is no blank line; nor is a CR that some other byte follows.
      `time,open,high,low,close\n${row(0, '1,2,1,1.5')}\nx\n${row(1, '1,2,1,1.5')}\n`,
      `time,open,high,low,close\n${row(0, '1,2,1,1.5')}\n\rx${row(1, '1,2,1,1.5')}\n`,
      // Short rows whose cells, run together across the line end, would make one good row.
      'time,open,high,low,close\n1582934400,1,200,1\n120\n1582934460,1,2,1,1.5\n',
    ]) {
      expect(parseBarColumnsFast(bad, 'WALK.csv', {})).toBeUndefined();
      expect(parseBarColumnsBytes(bytes(bad), 'WALK.csv', {})).toBeUndefined();
    }
  });
});

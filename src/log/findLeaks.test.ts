import { describe, expect, it } from 'vitest';
import { describeLeaks, findLeaks, LEAK_PIECE } from './findLeaks.ts';

const SECRET = 'Zq8-opaque-session-secret-0123456789abcdefXY';
const piece = (from: number, length: number) => SECRET.slice(from, from + length);

describe('findLeaks', () => {
  it('finds a whole secret and names the channel', () => {
    const leaks = findLeaks([SECRET], [{ source: 'log:json', text: `{"message":"hello ${SECRET}"}` }]);
    expect(leaks).toEqual([
      {
        source: 'log:json',
        secret: 'Zq8-…efXY',
        length: SECRET.length,
        whole: true,
        excerpt: '{"message":"hello ‹44 characters of a secret›"}',
      },
    ]);
  });

  it('finds a 16-character piece at any offset', () => {
    for (let from = 0; from + LEAK_PIECE <= SECRET.length; from++) {
      const leaks = findLeaks([SECRET], [{ source: 'error:AuthError', text: `bad ${piece(from, 16)}!` }]);
      expect(leaks.map((l) => [l.source, l.length, l.whole])).toEqual([['error:AuthError', 16, false]]);
    }
  });

  it('ignores a 15-character piece, the redactor’s masked form and a piece split across two outputs', () => {
    const outputs = [
      { source: 'log', text: `almost ${piece(3, 15)}` },
      { source: 'log', text: 'masked Zq8-…efXY' },
      { source: 'log', text: piece(10, 10) },
      { source: 'log', text: piece(20, 10) },
    ];
    expect(findLeaks([SECRET], outputs)).toEqual([]);
  });

  it('finds a secret shorter than 16 characters only whole', () => {
    const short = 'hunter2-secret';
    const outputs = [
      { source: 'a', text: 'pw hunter2-secre' },
      { source: 'b', text: `pw ${short}.` },
    ];
    expect(findLeaks([short], outputs).map((l) => l.source)).toEqual(['b']);
  });

  it('reports the longest leak once per secret and channel', () => {
    const outputs = [
      { source: 'log:terminal', text: piece(0, 20) },
      { source: 'log:terminal', text: piece(0, 30) },
      { source: 'metric:default-registry', text: `x{label="${piece(5, 17)}"} 1` },
    ];
    expect(findLeaks([SECRET], outputs).map((l) => [l.source, l.length])).toEqual([
      ['log:terminal', 30],
      ['metric:default-registry', 17],
    ]);
  });

  it('skips what the caller allows, for that channel only', () => {
    const outputs = [
      { source: 'stdout:keys-create', text: SECRET },
      { source: 'log:json', text: SECRET },
    ];
    const allowed = (source: string, secret: string) => source === 'stdout:keys-create' && secret === SECRET;
    expect(findLeaks([SECRET], outputs, allowed).map((l) => l.source)).toEqual(['log:json']);
  });

  it('never shows the secret or any 16-character piece of it in the report', () => {
    const other = `ix.${'fedcba98'.repeat(8)}`;
    const text = `a ${piece(0, 20)} b ${other} c ${SECRET} d ${piece(24, 18)}`;
    const report = describeLeaks(findLeaks([SECRET, other], [{ source: 'log', text }]));
    expect(report).toContain('log: the whole of secret Zq8-…efXY');
    expect(report).toContain('log: the whole of secret ix.f…ba98');
    expect(findLeaks([SECRET, other], [{ source: 'report', text: report }])).toEqual([]);
  });
});

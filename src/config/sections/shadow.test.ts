import { describe, expect, it } from 'vitest';
import { parseConfig } from '../loadConfig.ts';
import { configProblemOf } from './configProblemOf.ts';

const STRATEGIES = `strategies:
  - { id: fast, module: sma-cross, markets: [BTCUSDT] }
  - { id: slow, module: sma-cross, markets: [BTCUSDT] }
`;

const problems = configProblemOf;

describe('the shadow list', () => {
  it('is empty when not written, and keeps the ids it names', () => {
    expect(parseConfig(`mode: sim\n${STRATEGIES}`, 'bot.yaml', { env: {} }).shadow).toEqual([]);
    expect(parseConfig(`mode: sim\nshadow: [slow]\n${STRATEGIES}`, 'bot.yaml', { env: {} }).shadow).toEqual([
      'slow',
    ]);
  });

  it('names an unknown id, its line and its path, with the ids it could have meant', () => {
    expect(problems(`mode: sim\nshadow: [slow, fsat]\n${STRATEGIES}`)).toMatch(
      /bot\.yaml:2:\d+ shadow\[1\]: unknown strategy id "fsat": shadow names strategies of this file \(strategies\[\]\.id: fast, slow\)/,
    );
  });
});

import { describe, expect, it } from 'vitest';
import { MODES } from '../config/schema.ts';
import { shownMode } from './shownMode.ts';

describe('shownMode', () => {
  it('names live and sim as they are, and dry-run and a backtest as a dry run', () => {
    expect(MODES.map((mode) => [mode, shownMode(mode)])).toEqual([
      ['live', 'live'],
      ['dry-run', 'dry-run'],
      ['sim', 'sim'],
      ['backtest', 'dry-run'],
    ]);
  });
});

import { describe, expect, it } from 'vitest';
import { ConfigError } from './ConfigError.ts';
import { JournalError } from './JournalError.ts';
import { isPerpflowError } from './PerpflowError.ts';
import { StrategyError } from './StrategyError.ts';
import {
  AuthError,
  OutcomeUnknownError,
  PermissionError,
  TransientVenueError,
  VenueRejectedError,
} from './venueErrors.ts';

describe('error taxonomy', () => {
  it('formats config issues as file:line:column path: message, one per line', () => {
    const e = new ConfigError([
      {
        location: { file: 'config/default.yaml', line: 14, column: 5 },
        path: 'strategies[0].params.fast',
        message: 'expected a positive integer',
      },
      { location: { file: 'config/default.yaml' }, path: '', message: 'empty document' },
    ]);
    expect(e.message).toBe(
      'config/default.yaml:14:5 strategies[0].params.fast: expected a positive integer\nconfig/default.yaml empty document',
    );
    expect(e.exitCode).toBe(2);
    expect(e.code).toBe('CONFIG');
  });

  it('gives every runtime error exit code 1, a literal code, its class name and its cause', () => {
    const cause = new Error('socket hang up');
    const errors = [
      new AuthError('revoked', { endpoint: 'GET /v1/positions/all', status: 401, cause }),
      new PermissionError('no OPEN_POSITION', { permission: 'OPEN_POSITION' }),
      new TransientVenueError('503', { retryAfterMs: 2_000 }),
      new VenueRejectedError('insolvent', { venueCode: '4000' }),
      new OutcomeUnknownError('no answer'),
      new StrategyError('sma', 'threw'),
      new JournalError('disk full'),
    ];
    expect(errors.map((e) => [e.name, e.code, e.exitCode])).toEqual([
      ['AuthError', 'AUTH', 1],
      ['PermissionError', 'PERMISSION', 1],
      ['TransientVenueError', 'TRANSIENT', 1],
      ['VenueRejectedError', 'REJECTED', 1],
      ['OutcomeUnknownError', 'OUTCOME_UNKNOWN', 1],
      ['StrategyError', 'STRATEGY', 1],
      ['JournalError', 'JOURNAL', 1],
    ]);
    expect(errors.every(isPerpflowError)).toBe(true);
    expect(errors[0]?.cause).toBe(cause);
    expect(errors[0]?.details).toEqual({ endpoint: 'GET /v1/positions/all', status: 401 });
  });

  it('keeps the venue code and retry hint as typed fields', () => {
    expect(new VenueRejectedError('moved', { venueCode: '4104' }).venueCode).toBe('4104');
    expect(new TransientVenueError('429', { retryAfterMs: 1_500 }).retryAfterMs).toBe(1_500);
  });
});

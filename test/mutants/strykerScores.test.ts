import { describe, expect, it } from 'vitest';
import { type ReportMutant, scoresByFolder } from './strykerScores.ts';

const m = (status: string, line = 1): ReportMutant => ({
  mutatorName: 'ConditionalExpression',
  replacement: 'true',
  status,
  location: { start: { line } },
});

describe('mutation:changed scores', () => {
  it('counts killed and timed out over the mutants that ran, per folder of the changed files only', () => {
    const report = {
      files: {
        'src/scheduler/a.ts': {
          mutants: [m('Killed'), m('Timeout'), m('Survived', 7), m('CompileError'), m('Ignored')],
        },
        'src/scheduler/b.ts': { mutants: [m('NoCoverage', 3), m('RuntimeError')] },
        'src/risk/c.ts': { mutants: [m('Killed')] },
        'src/log/d.ts': { mutants: [m('Survived')] },
      },
    };
    expect(
      scoresByFolder(report, ['src/scheduler/a.ts', 'src/scheduler/b.ts', 'src/log/d.ts', 'src/risk/x.ts']),
    ).toEqual([
      {
        folder: 'src/scheduler',
        killed: 2,
        valid: 4,
        survivors: [
          'src/scheduler/a.ts:7 ConditionalExpression → true (Survived)',
          'src/scheduler/b.ts:3 ConditionalExpression → true (NoCoverage)',
        ],
      },
    ]);
  });
});

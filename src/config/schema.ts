import { z } from 'zod';
import { crossFieldChecks } from './crossFieldChecks.ts';
import { backtestSchema } from './sections/backtest.ts';
import { consoleSchema } from './sections/console.ts';
import { executionSchema } from './sections/execution.ts';
import { notifySchema, shutdownSchema, statusSchema } from './sections/operate.ts';
import { recordSchema } from './sections/record.ts';
import { riskSchema } from './sections/risk.ts';
import { journalSchema, loggingSchema, marketSchema } from './sections/runtime.ts';
import { scheduleSchema } from './sections/schedule.ts';
import { shadowSchema } from './sections/shadow.ts';
import { simulatorSchema } from './sections/simulator.ts';
import { strategiesSchema, type strategySchema } from './sections/strategies.ts';
import { telegramSchema } from './sections/telegram.ts';
import { venueSchema } from './sections/venue.ts';

export const MODES = ['live', 'dry-run', 'sim', 'backtest'] as const;
export type Mode = (typeof MODES)[number];

/** The whole config file. Every object is strict: an unknown key is an error, never ignored. */
export const configSchema = z
  .strictObject({
    mode: z
      .enum(MODES, { error: `expected one of ${MODES.join(', ')}` })
      .default('dry-run')
      .describe(
        'live: real venue. dry-run: real or simulated prices, simulated fills. sim: embedded simulator over HTTP. backtest: historical bars.',
      ),
    venue: venueSchema.prefault({}),
    simulator: simulatorSchema.prefault({}),
    market: marketSchema.prefault({}),
    journal: journalSchema.prefault({}),
    risk: riskSchema,
    execution: executionSchema.prefault({}),
    strategies: strategiesSchema,
    schedule: scheduleSchema,
    logging: loggingSchema.prefault({}),
    status: statusSchema.prefault({}),
    console: consoleSchema.prefault({}),
    telegram: telegramSchema.prefault({}),
    notify: notifySchema.prefault({}),
    shutdown: shutdownSchema.prefault({}),
    backtest: backtestSchema.prefault({}),
    record: recordSchema.prefault({}),
    shadow: shadowSchema,
  })
  // Runs even when a section is invalid, so that one run of `config validate` lists everything.
  .superRefine(crossFieldChecks, { when: () => true })
  .describe('perpflow configuration');

export type PerpflowConfig = z.infer<typeof configSchema>;
/** What may be written in the file (after `${env:…}` resolution): defaults make most keys optional. */
export type PerpflowConfigInput = z.input<typeof configSchema>;
export type StrategyConfig = z.infer<typeof strategySchema>;
export type VenueConfig = PerpflowConfig['venue'];
export type RiskConfig = PerpflowConfig['risk'];
export type AccountLimitsConfig = RiskConfig['account'];
export type ExecutionConfig = PerpflowConfig['execution'];
export type SimulatorConfig = PerpflowConfig['simulator'];
export type ScheduleConfig = PerpflowConfig['schedule'];
export type LoggingConfig = PerpflowConfig['logging'];

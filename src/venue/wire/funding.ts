import { z } from 'zod';
import { wireDecimal, wireNumber, wireTime } from './scalars.ts';

/** `GET /v1/solvers/funding-info?solver=&chainId=`: snake_case, passed through from the solver. */
export const WireFundingInfo = z.record(
  z.string(),
  z.object({
    next_funding_time: wireTime,
    next_funding_rate_long: wireDecimal,
    next_funding_rate_short: wireDecimal,
    funding_rate_epoch_duration: wireNumber,
  }),
);
export type WireFundingInfo = z.infer<typeof WireFundingInfo>;

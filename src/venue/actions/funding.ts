import { toFundingInfos } from '../mappers/funding.ts';
import type { FundingInfo } from '../VenuePort.ts';
import { WireFundingInfo } from '../wire/funding.ts';
import type { VenueContext } from './context.ts';

/** `GET /v1/solvers/funding-info?solver=&chainId=` */
export async function fundingInfo(ctx: VenueContext): Promise<FundingInfo[]> {
  const wire = await ctx.http.call({
    method: 'GET',
    path: '/v1/solvers/funding-info',
    query: { solver: ctx.solver, chainId: ctx.chainId },
    schema: WireFundingInfo,
    kind: 'read',
  });
  return toFundingInfos(wire);
}

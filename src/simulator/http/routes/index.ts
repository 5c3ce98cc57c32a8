import type { Route } from '../types.ts';
import { accountAuthRoutes } from './accountAuthRoutes.ts';
import { accountRoutes } from './accountRoutes.ts';
import { apiKeyRoutes } from './apiKeyRoutes.ts';
import { batchRoutes } from './batchRoutes.ts';
import { devRoutes } from './devRoutes.ts';
import { marketRoutes } from './marketRoutes.ts';
import { miscRoutes } from './miscRoutes.ts';
import { positionRoutes } from './positionRoutes.ts';
import { solverRoutes } from './solverRoutes.ts';
import { tpslRoutes } from './tpslRoutes.ts';
import { tradeRoutes } from './tradeRoutes.ts';

/** Every route of the simulator, in the order the OpenAPI document lists them. */
export const allRoutes: readonly Route[] = [
  ...devRoutes,
  ...apiKeyRoutes,
  ...accountAuthRoutes,
  ...accountRoutes,
  ...tradeRoutes,
  ...batchRoutes,
  ...positionRoutes,
  ...tpslRoutes,
  ...marketRoutes,
  ...solverRoutes,
  ...miscRoutes,
];

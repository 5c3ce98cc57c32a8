/** The simulator's defaults are config's (one source of truth); re-exported for existing importers. */
export { DEFAULT_FILL_LATENCY_MS, DEFAULT_LIMIT_TTL_MS } from '../../config/sections/simulator.ts';

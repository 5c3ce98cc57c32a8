/** The simulator's defaults that the engine, createSimulator and `perpflow sim` share. */
export const DEFAULT_FILL_LATENCY_MS = { min: 1_000, max: 3_000 } as const;

/** How long a LIMIT open or close rests unfilled before it ends EXPIRED: 24 h. */
export const DEFAULT_LIMIT_TTL_MS = 86_400_000;

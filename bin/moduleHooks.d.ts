/** Registers perpflow's module hooks once per process (see moduleHooks.js). */
export declare function registerPerpflowHooks(): void;

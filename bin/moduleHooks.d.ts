/** Whether this perpflow runs from under node_modules, where its .ts files load only through the hooks. */
export declare const INSTALLED: boolean;
/** Registers perpflow's module hooks once per process (see moduleHooks.js). */
export declare function registerPerpflowHooks(): void;

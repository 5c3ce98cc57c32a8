/** Whether this perpflow runs from under node_modules, where its .ts files load only through the hooks. */
export declare const INSTALLED: boolean;
/** Registers the hooks when perpflow runs from under node_modules (see moduleHooks.js). */
export declare function registerHooksIfInstalled(): void;
/** Registers perpflow's module hooks once per thread (see moduleHooks.js). */
export declare function registerPerpflowHooks(): void;

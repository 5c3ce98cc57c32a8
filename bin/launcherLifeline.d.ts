/** Environment variable: set by the launcher for its child, the launcher's pid. */
export declare const LAUNCHER_PID_ENV: string;
/** The child's descriptor of the lifeline pipe. */
export declare const LIFELINE_FD: number;
/** The process event the child raises, with the launcher's pid, once its launcher has died. */
export declare const LAUNCHER_DIED: string;
/** The pid the operator started (the launcher's) when this perpflow runs under one. */
export declare function launcherPidOfThisProcess(): number | undefined;
/** In the child: watches the lifeline pipe (see launcherLifeline.js). */
export declare function watchLauncher(): void;

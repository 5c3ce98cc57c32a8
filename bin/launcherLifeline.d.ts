/** Environment variable: set by the launcher for its child, the launcher's pid. */
export declare const LAUNCHER_PID_ENV: string;
/** The process event the child raises, with the launcher's pid, once its launcher has died. */
export declare const LAUNCHER_DIED: string;
/** In the child: watches the lifeline pipe (see launcherLifeline.js). */
export declare function watchLauncher(): void;

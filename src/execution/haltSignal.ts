/** The signal the kernel binds to `executor.onHaltSignal()`; `perpflow halt` sends it. */
export const HALT_SIGNAL = 'SIGUSR2';

/** Journal meta key: `perpflow halt --close-all` asks the running instance to close everything. */
export const CLOSE_ALL_REQUESTED = 'closeAllRequested';

export { type Clock, sleepOn, type TimerHandle } from './Clock.ts';
export { ClockScheduler } from './ClockScheduler.ts';
export { SystemClock } from './SystemClock.ts';
export { VirtualClock } from './VirtualClock.ts';

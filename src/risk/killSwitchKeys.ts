/**
 * Journal meta key: `perpflow resume` asks the running bot to say it resumed. The trading state
 * itself is in the journal (the gate sees the change); this flag tells the bot that the SIGUSR2
 * which follows is a resume to log, not a halt.
 */
export const RESUME_REQUESTED = 'resumeRequested';

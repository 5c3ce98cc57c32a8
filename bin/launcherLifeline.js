// The launcher (bin/perpflow.js under a Node older than 24) and the Node 24 perpflow it starts are
// two processes, and the operator knows only the launcher's pid. A `kill -9` of the launcher cannot
// be forwarded: without this, the child would be orphaned and trade on, holding the journal lease,
// while a supervisor believes the bot dead. So the launcher hands the child one end of a pipe (its
// fd 3) and keeps the other: the kernel closes the launcher's end when the launcher dies, however
// it dies, and the child reads end-of-file. A signal the launcher forwards arrives as that signal,
// with the pipe still open: the two are told apart.
import net from 'node:net';

/** Environment variable: set by the launcher for its child, the launcher's pid. */
export const LAUNCHER_PID_ENV = 'PERPFLOW_LAUNCHER_PID';
/** The child's descriptor of the lifeline pipe. */
const LIFELINE_FD = 3;
/** The process event the child raises, with the launcher's pid, once its launcher has died. */
export const LAUNCHER_DIED = 'perpflow:launcherDied';

/**
 * In the child: watches the lifeline. When the launcher dies, whoever listens for LAUNCHER_DIED
 * (a running bot: a graceful stop) decides; with no listener, the process ends as a SIGTERM would
 * end it. The variable is removed from the environment so a process this one starts does not take
 * some other descriptor 3 for a lifeline.
 */
export function watchLauncher() {
  const pid = Number(process.env[LAUNCHER_PID_ENV]);
  delete process.env[LAUNCHER_PID_ENV];
  if (!Number.isInteger(pid) || pid <= 0) return;
  let lifeline;
  try {
    lifeline = new net.Socket({ fd: LIFELINE_FD, readable: true, writable: false });
  } catch {
    return; // no such pipe: not started by a launcher after all
  }
  lifeline.on('error', () => {}); // a reset is the same news as an end: the launcher is gone
  lifeline.once('close', () => {
    if (process.listenerCount(LAUNCHER_DIED) > 0) process.emit(LAUNCHER_DIED, pid);
    else process.kill(process.pid, 'SIGTERM');
  });
  lifeline.resume();
  // The lifeline alone never keeps the process running: a command that is done still ends.
  lifeline.unref();
}

/** This process's CPU time so far (user + system), in milliseconds. */
export function processCpuMs(): number {
  const u = process.cpuUsage();
  return (u.user + u.system) / 1000;
}

import { readdirSync, readlinkSync } from 'node:fs';

/** Tests: whether this process holds a descriptor open on `path` (Linux: /proc/self/fd). */
export function holdsOpen(path: string): boolean {
  return readdirSync('/proc/self/fd').some((fd) => {
    try {
      return readlinkSync(`/proc/self/fd/${fd}`) === path;
    } catch {
      return false; // the directory's own descriptor, gone once listed
    }
  });
}

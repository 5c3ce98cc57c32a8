import { basename } from 'node:path';
import type { BotIdentity } from './views.ts';

/** This process's bot as every operator window names it: after its config file, with its pid. */
export function botIdentityOf(configFile: string, version: string, venue: string): BotIdentity {
  return { name: basename(configFile).replace(/\.ya?ml$/, ''), pid: process.pid, version, venue };
}

import { basename } from 'node:path';
import type { BotIdentity } from './views.ts';

/** A bot's name wherever an operator sees it (its window, the host's list): its config file's, without .yaml. */
export function botNameOf(configFile: string): string {
  return basename(configFile).replace(/\.ya?ml$/, '');
}

/** This process's bot as every operator window names it: after its config file, with its pid. */
export function botIdentityOf(configFile: string, version: string, venue: string): BotIdentity {
  return { name: botNameOf(configFile), pid: process.pid, version, venue };
}
